import { describe, expect, it } from 'vitest';
import { kycMissing } from './kyc-rules.ts';

describe('kycMissing', () => {
  it('names each part not given, with its message, and nothing when all four are there', () => {
    expect(kycMissing({ id_type: true, id_number: true, front_id: true, back_id: true })).toEqual({});
    expect(kycMissing({ id_type: false, id_number: true, front_id: true, back_id: false })).toEqual({
      id_type: 'Choose the type of your ID.',
      back_id: 'Add a photo of the back of your ID.',
    });
  });
});

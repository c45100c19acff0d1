import { describe, expect, it } from 'vitest';
import { amountRangeMessage, centsOf, exceedsAvailable } from './wallet-rules.ts';

describe('centsOf', () => {
  it('reads amounts exactly, thousands separators allowed', () => {
    expect(centsOf('1,250.5')).toBe(125050n);
    expect(centsOf(' 0.01 ')).toBe(1n);
    expect(centsOf('89500.00')).toBe(8950000n);
  });

  it.each(['', '10,00', '1.005', 'abc', null, undefined])('answers null for %j', (text) =>
    expect(centsOf(text)).toBeNull(),
  );
});

describe('amountRangeMessage', () => {
  it('names the limits as the given money writes them', () => {
    expect(
      amountRangeMessage('A withdrawal', [1000, 1_000_000], (amount) => `£${amount.toLocaleString('en-GB')}`),
    ).toBe('A withdrawal must be between £1,000 and £1,000,000.');
  });
});

describe('exceedsAvailable', () => {
  it('compares exactly, and says no while either side cannot be read', () => {
    expect(exceedsAvailable('1,000.01', '1000.00')).toBe(true);
    expect(exceedsAvailable('1000', '1000.00')).toBe(false);
    expect(exceedsAvailable('10,00', '1.00')).toBe(false);
    expect(exceedsAvailable('5', undefined)).toBe(false);
  });
});

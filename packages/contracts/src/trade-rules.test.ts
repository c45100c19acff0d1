import { describe, expect, it } from 'vitest';
import { quantityFor } from './trade-rules.ts';

describe('quantityFor', () => {
  it('divides exactly and rounds down to the requested places', () => {
    expect(quantityFor('100', '3')).toBe('33.33333333');
    expect(quantityFor('100', '3', 6)).toBe('33.333333');
    expect(quantityFor('1,000.50', '250.125')).toBe('4.00000000');
    expect(quantityFor('0.01', '64000')).toBe('0.00000015');
    expect(quantityFor('2', '0.5')).toBe('4.00000000');
  });

  it.each([
    ['', '10'],
    ['abc', '10'],
    ['-5', '10'],
    ['0', '10'],
    ['10', '0'],
    ['10', ''],
    ['10,00', '1'],
  ])('answers null for amount %j at price %j', (amount, price) => expect(quantityFor(amount, price)).toBeNull());
});

import { describe, expect, it } from 'vitest';
import { conversionFactor, perDollar } from './fx-rates';

const rates = { rates: { EUR: '0.9200000000', GBP: '0.7900000000', CAD: '1.3600000000' } };

describe('conversionFactor', () => {
  it('converts from the settlement currency to the display one through the dollar', () => {
    expect(conversionFactor(rates, 'USD', 'EUR')).toBeCloseTo(0.92, 12);
    expect(conversionFactor(rates, 'EUR', 'USD')).toBeCloseTo(1 / 0.92, 12);
    expect(conversionFactor(rates, 'GBP', 'CAD')).toBeCloseTo(1.36 / 0.79, 12);
  });

  it('is 1 for the same currency, and unknown until the rates arrive', () => {
    expect(conversionFactor(undefined, 'EUR', 'EUR')).toBe(1);
    expect(conversionFactor(undefined, 'USD', 'EUR')).toBeUndefined();
    expect(conversionFactor({ rates: { EUR: 'x' } }, 'USD', 'EUR')).toBeUndefined();
    expect(perDollar(undefined, 'USD')).toBe(1);
  });
});

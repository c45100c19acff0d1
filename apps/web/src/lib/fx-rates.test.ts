import { formatMoney } from '@itrust/contracts/format';
import { describe, expect, it } from 'vitest';
import { converter, perDollar } from './fx-rates';

const rates = { rates: { EUR: '0.9200000000', GBP: '0.7900000000', CAD: '1.3600000000' } };

/** What the screens show: the converted amount, rounded once to the cent. */
const shown = (amount: string, from: string, to: string, sign: string, at = rates) =>
  formatMoney(converter(at, from, to)?.(amount), sign);

describe('converter', () => {
  it('converts from the settlement currency to the display one through the dollar', () => {
    expect(shown('100.00', 'USD', 'EUR', '€')).toBe('€92.00');
    expect(shown('92.00', 'EUR', 'USD', '$')).toBe('$100.00');
    expect(shown('79.00', 'GBP', 'CAD', 'C$')).toBe('C$136.00');
  });

  // Each exact result ends in a half cent; the float product lands just under it.
  it.each([
    ['2.30', 'EUR', 'GBP', '£', '£1.98'],
    ['0.85', 'CAD', 'USD', '$', '$0.63'],
    ['0.17', 'CAD', 'EUR', '€', '€0.12'],
    ['0.68', 'CAD', 'GBP', '£', '£0.40'],
  ])('shows %s %s in %s to the nearest cent, halves up', (amount, from, to, sign, expected) =>
    expect(shown(amount, from, to, sign)).toBe(expected),
  );

  it('keeps every digit of long rates and of amounts beyond a float', () => {
    const long = { rates: { EUR: '0.9234567891', GBP: '0.7912345678', CAD: '1.3612345678' } };
    // 1,000,000,000,000.01 × 0.9234567891 = 923,456,789,100.0092345…
    expect(shown('1000000000000.01', 'USD', 'EUR', '€', long)).toBe('€923,456,789,100.01');
    expect(shown('12345678901234567.89', 'USD', 'USD', '$')).toBe('$12,345,678,901,234,567.89');
  });

  it('is the identity for the same currency, and unknown until the rates arrive', () => {
    expect(converter(undefined, 'EUR', 'EUR')?.('1,250.5').toFixed()).toBe('1250.5');
    expect(converter(undefined, 'USD', 'EUR')).toBeUndefined();
    expect(converter({ rates: { EUR: 'x' } }, 'USD', 'EUR')).toBeUndefined();
    expect(converter({ rates: { EUR: '0' } }, 'USD', 'EUR')).toBeUndefined();
    expect(perDollar(undefined, 'USD')?.toFixed()).toBe('1');
    expect(perDollar(rates, 'GBP')?.toFixed()).toBe('0.79');
  });
});

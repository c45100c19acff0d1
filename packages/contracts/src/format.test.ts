import { describe, expect, it } from 'vitest';
import {
  currencyCodeForSign,
  formatCompact,
  formatMoney,
  formatMoneyIn,
  formatPrice,
  formatQuantity,
  parseNumber,
  signedPercent,
} from './format.ts';

describe('currencyCodeForSign', () => {
  it.each([
    ['$', 'USD'],
    ['€', 'EUR'],
    ['£', 'GBP'],
    ['C$', 'CAD'],
  ])('maps %s to %s', (sign, code) => expect(currencyCodeForSign(sign)).toBe(code));

  it.each(['¥', '', 'CAD', null, undefined])('falls back to USD for %s', (sign) =>
    expect(currencyCodeForSign(sign)).toBe('USD'),
  );
});

describe('formatMoney', () => {
  it.each([0, '0', '0.00', null, undefined])('shows %s as the sign followed by 0.00', (amount) => {
    expect(formatMoney(amount, '£')).toBe('£0.00');
    expect(formatMoney(amount, 'C$')).toBe('C$0.00');
  });

  it('uses en-US currency formatting with two decimals', () => {
    expect(formatMoney('1250', '$')).toBe('$1,250.00');
    expect(formatMoney('1234567.891', '$')).toBe('$1,234,567.89');
    expect(formatMoney(-42.5, '$')).toBe('-$42.50');
    expect(formatMoney('1,250.5', '€')).toBe('€1,250.50');
    expect(formatMoney(99.999, '£')).toBe('£100.00');
  });

  it("formats with the currency's own sign, the dollar for an unknown sign", () => {
    expect(formatMoney(10, 'C$')).toBe('C$10.00');
    expect(formatMoney('343.09', 'C$')).toBe('C$343.09');
    expect(formatMoney(-1234.5, 'C$')).toBe('-C$1,234.50');
    expect(formatMoney(10, '¥')).toBe('$10.00');
  });
});

describe('formatMoneyIn', () => {
  it("formats in the currency of the code, with that currency's sign", () => {
    expect(formatMoneyIn('75000', 'USD')).toBe('$75,000.00');
    expect(formatMoneyIn('75000.5', 'EUR')).toBe('€75,000.50');
    expect(formatMoneyIn('12.3', 'gbp')).toBe('£12.30');
    expect(formatMoneyIn(10, 'CAD')).toBe('C$10.00');
  });

  it('shows the plain amount and the code for a currency the product does not support', () => {
    expect(formatMoneyIn('1234.5', 'JPY')).toBe('1,234.50 JPY');
  });
});

describe('parseNumber', () => {
  it('removes thousands separators before converting', () => {
    expect(parseNumber('1,234,567.5')).toBe(1234567.5);
    expect(parseNumber(' 12 ')).toBe(12);
  });

  it.each([
    'abc',
    '',
    '1.2.3',
    '--5',
    '10,00',
    '1,00,000',
    ',5',
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('turns invalid %s into 0', (text) => expect(parseNumber(text)).toBe(0));
});

describe('formatPrice', () => {
  it('keeps two decimals from 1 up and enough decimals below 1', () => {
    expect(formatPrice('236.0000', '$')).toBe('$236.00');
    expect(formatPrice('102400.5', '$')).toBe('$102,400.50');
    expect(formatPrice('0.43', '$')).toBe('$0.43');
    expect(formatPrice('0.047', '$')).toBe('$0.047');
    expect(formatPrice('0.000019', '$')).toBe('$0.000019');
    expect(formatPrice(0, '€')).toBe('€0.00');
    expect(formatPrice('0.047', 'C$')).toBe('C$0.047');
    expect(formatPrice('-0.5', '£')).toBe('-£0.50');
  });
});

describe('formatCompact', () => {
  it('shortens large figures', () => {
    expect(formatCompact('3550000000000', '$')).toBe('$3.55T');
    expect(formatCompact(412_500_000)).toBe('412.5M');
  });
});

describe('formatQuantity', () => {
  it('shows every one of eight decimals exactly, without trailing zeros, grouped', () => {
    expect(formatQuantity('0.50000000')).toBe('0.5');
    expect(formatQuantity('154.63917525')).toBe('154.63917525');
    expect(formatQuantity('12345678901.12345678')).toBe('12,345,678,901.12345678');
    expect(formatQuantity('3')).toBe('3');
    expect(formatQuantity('-1234.5')).toBe('-1,234.5');
  });
});

describe('signedPercent', () => {
  it('gives a loss a minus even when its percentage rounds to zero, and a gain a plus', () => {
    expect(signedPercent('0.00', true)).toBe('-0.00%');
    expect(signedPercent('-1.25', true)).toBe('-1.25%');
    expect(signedPercent('0.00', false)).toBe('+0.00%');
    expect(signedPercent('3.10', false)).toBe('+3.10%');
  });
});

describe('rounding to the cent', () => {
  it('keeps every cent of amounts longer than a float holds', () => {
    expect(formatMoney('12345678901234567.89', '$')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('-9007199254740993.01', '€')).toBe('-€9,007,199,254,740,993.01');
    expect(formatMoneyIn('12345678901234567.89', 'JPY')).toBe('12,345,678,901,234,567.89 JPY');
  });

  it('rounds halves away from zero, as the API does', () => {
    expect(formatMoney('1234.995', '$')).toBe('$1,235.00');
    expect(formatMoney('-1234.995', '$')).toBe('-$1,235.00');
    expect(formatMoney('1000000000000000.005', '$')).toBe('$1,000,000,000,000,000.01');
    expect(formatPrice('0.000012345650', '$')).toBe('$0.000012346');
  });
});

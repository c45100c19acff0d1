import type { Decimal } from 'decimal.js';
import { supportedCurrencies, type CurrencyCode } from './currencies.ts';
import { decimalOf, ungrouped } from './money.ts';

type Amount = Decimal.Value | null | undefined;

/** Maps a currency sign ($, €, £, C$) to its ISO code; an unknown sign falls back to USD. */
export function currencyCodeForSign(sign: string | null | undefined): CurrencyCode {
  return supportedCurrencies.find((currency) => currency.sign === sign)?.code ?? 'USD';
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** Whole-number digits with en-US thousands separators. */
const withThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** At most `decimals` places (at least two), rounded exactly, halves away from zero, in en-US grouping. */
function grouped(value: Decimal, decimals: number): string {
  const [whole = '0', fraction = ''] = value.abs().toDecimalPlaces(decimals).toFixed().split('.');
  return `${withThousands(whole)}.${fraction.padEnd(2, '0')}`;
}

/**
 * The amount after the currency's own sign ($, €, £, C$): Intl's currency style writes 'CA$' for
 * Canadian dollars, where the product shows 'C$' everywhere. An unknown sign shows as '$'.
 */
function signed(value: Decimal, sign: string, decimals: number): string {
  const shown = supportedCurrencies.find((currency) => currency.code === currencyCodeForSign(sign))?.sign ?? '$';
  return `${value.isNegative() ? '-' : ''}${shown}${grouped(value, decimals)}`;
}

/** Zero, null or undefined shows as the sign followed by 0.00. */
export function formatMoney(amount: Amount, sign = '$'): string {
  const value = decimalOf(amount);
  return value.isZero() ? `${sign}0.00` : signed(value, sign, 2);
}

/** By ISO code, as operators' screens show a transaction's own currency; an unsupported code follows the amount. */
export function formatMoneyIn(amount: Decimal.Value, code: string): string {
  const currency = supportedCurrencies.find((candidate) => candidate.code === code.toUpperCase());
  if (currency) return formatMoney(amount, currency.sign);
  const value = decimalOf(amount);
  return `${value.isNegative() ? '-' : ''}${grouped(value, 2)} ${code}`;
}

/** A quantity of an asset: its eight decimals at most, without trailing zeros, in en-US grouping. */
export function formatQuantity(quantity: Amount): string {
  const value = decimalOf(quantity).toDecimalPlaces(8);
  const [whole = '0', fraction] = value.abs().toFixed().split('.');
  return `${value.isNegative() ? '-' : ''}${withThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Parses user or API text as a number, thousands separators allowed; anything invalid becomes 0. */
export function parseNumber(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  if (text === null || text === undefined) return 0;
  const cleaned = ungrouped(text);
  if (!cleaned) return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : 0;
}

/**
 * An asset price in the display currency: two decimals from 1 up, more for small prices so a
 * coin worth 0.000019 does not show as 0.00.
 */
export function formatPrice(amount: Amount, sign = '$'): string {
  const value = decimalOf(amount);
  if (value.isZero() || value.abs().gte(1)) return formatMoney(value, sign);
  // value.e is the power of ten of its first digit: -5 for 0.000019.
  return signed(value, sign, Math.min(10, Math.max(4, 4 - value.e)));
}

/**
 * Large figures (market cap, volume) in a short form: 3.55T, 412.5M. Intl rounds them to three or
 * four digits, far above where a float's last digit could tip a half.
 */
export function formatCompact(amount: Decimal.Value, sign?: string): string {
  const short = compact.format(decimalOf(amount).toNumber());
  return sign ? `${sign}${short}` : short;
}

/**
 * A percentage with the sign of the money it goes with: a loss too small to show as a percentage
 * still reads as a loss (-0.00%), never as a plain 0.00% beside a negative amount.
 */
export function signedPercent(percent: string, negative: boolean): string {
  const digits = percent.trim().replace(/^[-+]/, '');
  return `${negative ? '-' : '+'}${digits}%`;
}

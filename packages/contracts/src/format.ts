import { supportedCurrencies, type CurrencyCode } from './currencies.ts';

/** Maps a currency sign ($, €, £, C$) to its ISO code; an unknown sign falls back to USD. */
export function currencyCodeForSign(sign: string | null | undefined): CurrencyCode {
  return supportedCurrencies.find((currency) => currency.sign === sign)?.code ?? 'USD';
}

// Making an Intl.NumberFormat costs far more than formatting with one (a chart's price scale
// formats on every frame), so each set of options is made once.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  const format = numberFormats.get(key) ?? new Intl.NumberFormat('en-US', options);
  numberFormats.set(key, format);
  return format;
}

/**
 * en-US grouping after the currency's own sign ($, €, £, C$): Intl's currency style writes 'CA$'
 * for Canadian dollars, where the product shows 'C$' everywhere. An unknown sign shows as '$'.
 */
function signed(value: number, sign: string, decimals: number): string {
  const shown = supportedCurrencies.find((currency) => currency.code === currencyCodeForSign(sign))?.sign ?? '$';
  const digits = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: decimals }).format(Math.abs(value));
  return `${value < 0 ? '-' : ''}${shown}${digits}`;
}

/** Zero, null or undefined shows as the sign followed by 0.00. */
export function formatMoney(amount: string | number | null | undefined, sign = '$'): string {
  const value = typeof amount === 'string' ? parseNumber(amount) : (amount ?? 0);
  if (value === 0 || !Number.isFinite(value)) return `${sign}0.00`;
  return signed(value, sign, 2);
}

/** By ISO code, as operators' screens show a transaction's own currency; an unsupported code follows the amount. */
export function formatMoneyIn(amount: string | number, code: string): string {
  const currency = supportedCurrencies.find((candidate) => candidate.code === code.toUpperCase());
  if (currency) return formatMoney(amount, currency.sign);
  const plain = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${plain.format(parseNumber(amount))} ${code}`;
}

/**
 * Typed number text without its thousands separators ('1,250.50' → '1250.50'), trimmed; null when
 * a comma stands anywhere else ('10,00' is a decimal comma, not a thousand, and is not guessed at).
 */
export function ungrouped(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.includes(',')) return trimmed;
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : null;
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
export function formatPrice(amount: string | number | null | undefined, sign = '$'): string {
  const value = typeof amount === 'string' ? parseNumber(amount) : (amount ?? 0);
  if (value === 0 || !Number.isFinite(value) || Math.abs(value) >= 1) return formatMoney(value, sign);
  const decimals = Math.min(10, Math.max(4, 2 - Math.floor(Math.log10(Math.abs(value))) + 2));
  return signed(value, sign, decimals);
}

/** Large figures (market cap, volume) in a short form: 3.55T, 412.5M. */
export function formatCompact(amount: string | number, sign?: string): string {
  const value = typeof amount === 'string' ? parseNumber(amount) : amount;
  const short = numberFormat({ notation: 'compact', maximumFractionDigits: 2 }).format(value);
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

import { Decimal } from 'decimal.js';

// The web app reads its amounts' type here rather than depending on decimal.js itself.
export type { Decimal };

/**
 * decimal.js with digits enough that sums and products of amounts, quantities, prices and rates
 * stay exact until they are rounded: its default of 20 digits would round them. Halves round away
 * from zero, as PostgreSQL's round() does.
 */
export const ExactDecimal = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });

/**
 * Typed number text without its thousands separators ('1,250.50' → '1250.50'), trimmed; null when
 * a comma stands anywhere else ('10,00' is a decimal comma, not a thousand, and is not guessed at).
 */
export function ungrouped(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.includes(',')) return trimmed;
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : null;
}

/** Money text like '1,250.5' or '-3.07' (typed or from the API), exactly; null for anything but an amount with at most two decimals. */
export function moneyOf(text: string | null | undefined): Decimal | null {
  const plain = ungrouped(text ?? '');
  return plain !== null && /^-?\d+(\.\d{1,2})?$/.test(plain) ? new ExactDecimal(plain) : null;
}

/**
 * An amount, price or rate as the API or a chart gives it, exactly: text by its digits (thousands
 * separators allowed), a number by the shortest text that reads back as it. Anything else is 0.
 */
export function decimalOf(value: Decimal.Value | null | undefined): Decimal {
  if (typeof value === 'string' || value === null || value === undefined) {
    const plain = ungrouped(value ?? '');
    return new ExactDecimal(plain && /^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain) ? plain : 0);
  }
  return new ExactDecimal(typeof value === 'number' && !Number.isFinite(value) ? 0 : value);
}

/**
 * `amount` in one currency as another, from each one's units per US dollar, unrounded. It
 * multiplies before it divides, as the API's SQL does, so an exact half cent stays one.
 */
export const convertMoney = (amount: Decimal.Value, fromPerDollar: Decimal.Value, toPerDollar: Decimal.Value) =>
  decimalOf(amount).times(toPerDollar).dividedBy(fromPerDollar);

/** Two-decimal text, to the nearest cent, halves away from zero. */
export const toMoney = (amount: Decimal.Value) => new ExactDecimal(amount).toDecimalPlaces(2).toFixed(2);

export const sumMoney = (amounts: Decimal.Value[]) => toMoney(ExactDecimal.sum(0, ...amounts));

/** `part` as a percentage of `whole`, to `places` (two unless said), halves away from zero; zero of nothing. */
export const percentOf = (part: Decimal.Value, whole: Decimal.Value, places = 2) =>
  new ExactDecimal(whole).isZero()
    ? new ExactDecimal(0).toFixed(places)
    : new ExactDecimal(part).times(100).dividedBy(whole).toDecimalPlaces(places).toFixed(places);

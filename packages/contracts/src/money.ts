import { Decimal } from 'decimal.js';
import { ungrouped } from './format.ts';

/**
 * decimal.js with digits enough that sums and products of amounts, quantities, prices and rates
 * stay exact until they are rounded: its default of 20 digits would round them.
 */
export const ExactDecimal = Decimal.clone({ precision: 100 });

/** Money text like '1,250.5' or '-3.07' (typed or from the API), exactly; null for anything but an amount with at most two decimals. */
export function moneyOf(text: string | null | undefined): Decimal | null {
  const plain = ungrouped(text ?? '');
  return plain !== null && /^-?\d+(\.\d{1,2})?$/.test(plain) ? new ExactDecimal(plain) : null;
}

/** Two-decimal text, to the nearest cent, halves away from zero. */
export const toMoney = (amount: Decimal.Value) => new ExactDecimal(amount).toDecimalPlaces(2).toFixed(2);

export const sumMoney = (amounts: Decimal.Value[]) => toMoney(ExactDecimal.sum(0, ...amounts));

/** `part` as a percentage of `whole`, to two places, halves away from zero; '0.00' of nothing. */
export const percentOf = (part: Decimal.Value, whole: Decimal.Value) =>
  new ExactDecimal(whole).isZero() ? '0.00' : toMoney(new ExactDecimal(part).times(100).dividedBy(whole));

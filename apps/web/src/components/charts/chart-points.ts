import { percentOf, type Decimal } from '@itrust/contracts/money';
import type { ChartPoint } from './area-chart';

/**
 * Exact amounts as chart points: a number only to place each point, and the label the crosshair
 * shows, formatted from the exact amount.
 */
export function chartPoints(
  amounts: readonly { time: number; amount: Decimal }[] | undefined,
  label: (amount: Decimal) => string,
): ChartPoint[] | undefined {
  return amounts?.map(({ time, amount }) => ({ time, value: amount.toNumber(), label: label(amount) }));
}

/** ' (+1.25%)' from the first amount to the last, exactly; nothing when the first is zero. */
export function changeOver(first: Decimal, last: Decimal): string {
  if (first.isZero()) return '';
  const change = percentOf(last.minus(first), first);
  return ` (${change.startsWith('-') ? '' : '+'}${change}%)`;
}

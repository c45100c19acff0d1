import { Decimal } from 'decimal.js';

export type Share = { key: string; exact: Decimal };

/**
 * Splits a dividend among holders to the cent. Each holder's exact amount is rounded down to the
 * cent; the cents left over, (the exact total rounded to the cent) less (the sum of the rounded-down
 * amounts), go one each to the holders with the largest dropped remainders, ties by key. So the
 * total paid is the exact total to the cent and no holder is a cent or more from their exact amount.
 */
export function allocate(shares: Share[]): Map<string, Decimal> {
  const floored = shares.map((share) => {
    const down = share.exact.toDecimalPlaces(2, Decimal.ROUND_DOWN);
    return { key: share.key, down, dropped: share.exact.minus(down) };
  });
  const total = shares.reduce((sum, share) => sum.plus(share.exact), new Decimal(0));
  const paid = floored.reduce((sum, share) => sum.plus(share.down), new Decimal(0));
  let left = total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(paid).times(100).toNumber();
  const byRemainder = [...floored].sort(
    (a, b) => b.dropped.comparedTo(a.dropped) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const amounts = new Map(floored.map((share) => [share.key, share.down]));
  for (const share of byRemainder) {
    if (left <= 0) break;
    amounts.set(share.key, share.down.plus('0.01'));
    left -= 1;
  }
  return amounts;
}

import { ExactDecimal, toMoney } from '@itrust/contracts/money';
import type { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pointsFor, rangeOf, type Timeframe } from './net-worth-range.ts';
import { barsOf, holdingsSince, latestOf, movementsAfter, type Latest, type Movement } from './net-worth.repository.ts';

/**
 * Wallets, savings and positions at each point of the range. The point of now is left to the
 * caller, with the balance then: it adds the positions as the wallets value them.
 */
export async function netWorthChart(db: Executor, userId: string, timeframe: Timeframe, now: Date) {
  // A promise, not drizzle's lazy query: it runs once however often it is awaited.
  const readAccounts = (async () =>
    db.execute<{ balance: string; first: Date | null }>(sql`
      select a.balance::text,
        (select min(h.hour) from ledger_hourly h where h.account_id = a.id) as first
      from ledger_accounts a where a.user_id = ${userId}`))();
  // Only the whole history's range depends on when money first moved; the others are read at once.
  const firstActivity = timeframe === 'all' ? firstOf((await readAccounts).rows) : undefined;
  const nowMs = now.getTime();
  const range = rangeOf(timeframe, nowMs, firstActivity);
  const points = pointsFor(timeframe, nowMs, firstActivity);
  const start = points[0] ?? nowMs;
  const [accounts, moved, byAsset] = await Promise.all([
    readAccounts,
    movementsAfter(db, userId, range.step, start),
    holdingsSince(db, userId, start),
  ]);
  const current = accounts.rows.reduce((sum, row) => sum.plus(row.balance), new ExactDecimal(0));
  const cash = cashAt(points, current, moved);
  const assetIds = [...byAsset.keys()];
  const past = points.slice(0, -1);
  const invested =
    assetIds.length > 0
      ? valuedHoldings(
          byAsset,
          past,
          ...(await Promise.all([latestOf(db, userId, assetIds), barsOf(db, assetIds, range, start, now)])),
        )
      : [];
  return {
    past: Object.fromEntries(
      past.map((time, index) => [
        new Date(time).toISOString(),
        toMoney(ExactDecimal.sum(cash[index] ?? 0, invested[index] ?? 0)),
      ]),
    ),
    now: now.toISOString(),
    balance: cash[past.length] ?? current,
  };
}

/** When money first moved into any of the accounts (ms), if it ever did. */
function firstOf(accounts: { first: Date | null }[]): number | undefined {
  const earliest = Math.min(...accounts.map((row) => (row.first ? new Date(row.first).getTime() : Infinity)));
  return Number.isFinite(earliest) ? earliest : undefined;
}

/** Walking back from now: the balance at a point is today's less everything that moved after it. */
function cashAt(points: number[], current: Decimal, moved: { time: number; amount: string }[]): Decimal[] {
  const cash = new Array<Decimal>(points.length);
  let after = new ExactDecimal(0);
  let bucketIndex = moved.length - 1;
  for (let index = points.length - 1; index >= 0; index -= 1) {
    const point = points[index] ?? 0;
    while (bucketIndex >= 0 && (moved[bucketIndex]?.time ?? 0) >= point) {
      after = after.plus(moved[bucketIndex]?.amount ?? 0);
      bucketIndex -= 1;
    }
    cash[index] = current.minus(after);
  }
  return cash;
}

/**
 * What the user's positions were worth at each point, to the cent: prices from the bars of the
 * range's resolution (the latest bar begun at or before the time), converted
 * at the account's current reference rate. A position whose asset has no bar is valued at the
 * latest price at every point.
 */
function valuedHoldings(
  byAsset: Map<number, Movement[]>,
  points: number[],
  { price: latest, rate }: Latest,
  prices: Map<number, { time: number; price: Decimal }[]>,
): Decimal[] {
  // Sweeping each asset's trades and bars once: a point is valued at the last bar begun by then
  // (the first bar if none had), and the sum of an instant's quantities times prices is converted
  // at the rate once.
  const state = [...byAsset].map(([assetId, movements]) => ({
    movements,
    next: 0,
    held: new ExactDecimal(0),
    bars: prices.get(assetId) ?? [],
    bar: -1,
    latest: latest(assetId),
  }));
  return points.map((time) => {
    let total = new ExactDecimal(0);
    for (const asset of state) {
      while (asset.next < asset.movements.length && (asset.movements[asset.next]?.time ?? Infinity) <= time) {
        asset.held = asset.held.plus(asset.movements[asset.next]?.quantity ?? 0);
        asset.next += 1;
      }
      while (asset.bar + 1 < asset.bars.length && (asset.bars[asset.bar + 1]?.time ?? Infinity) <= time) asset.bar += 1;
      if (asset.held.isZero()) continue;
      const price = asset.bars[Math.max(asset.bar, 0)]?.price ?? asset.latest;
      if (price !== undefined) total = total.plus(asset.held.times(price));
    }
    return total.times(rate).toDecimalPlaces(2);
  });
}

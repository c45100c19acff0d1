import { fromCents, toCents } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roundUnits } from '../../lib/fixed-point.ts';
import { pointsFor, rangeOf, settledCount, type Spacing, type Timeframe } from './net-worth-range.ts';
import {
  barsOf,
  holdingsSince,
  latestOf,
  movementsAfter,
  priceScale,
  quantityScale,
  rateScale,
  type Latest,
  type Movement,
  type PriceBarCache,
} from './net-worth.repository.ts';

const valueScale = quantityScale + priceScale + rateScale;

/**
 * What a user's chart needs of their own data for a range, read once per range start: today's
 * balances, the movements after the start, the positions held at the start and traded since.
 * Valued at the prices of a moment by netWorthFrom; a change of the user's data makes it stale.
 */
export type NetWorthBase = {
  timeframe: Timeframe;
  firstActivity: number | undefined;
  start: number;
  range: Spacing & { span: number };
  current: bigint;
  byAsset: Map<number, Movement[]>;
  /**
   * The balances at each point of the range, which only the user's movements change. Kept in one
   * typed array when they fit in 64 bits (always, in practice): a process keeps a base per investor,
   * and an array of bigints is an object per point for the garbage collector to walk.
   */
  cash: BigInt64Array | bigint[];
  /** The points no tick changes any more, valued at a rate and written as JSON members (netWorthChart). */
  settled?: { rate: bigint; count: number; json: string } | undefined;
};

export async function netWorthBase(
  db: Executor,
  userId: string,
  timeframe: Timeframe,
  now: Date,
): Promise<NetWorthBase> {
  const accounts = await db.execute<{ balance: string; first: Date | null }>(sql`
    select a.balance::text,
      (select min(h.hour) from ledger_hourly h where h.account_id = a.id) as first
    from ledger_accounts a where a.user_id = ${userId}`);
  const firsts = accounts.rows.map((row) => (row.first ? new Date(row.first).getTime() : Infinity));
  const earliest = Math.min(...firsts);
  const firstActivity = Number.isFinite(earliest) ? earliest : undefined;
  const nowMs = now.getTime();
  const range = rangeOf(timeframe, nowMs, firstActivity);
  const points = pointsFor(timeframe, nowMs, firstActivity);
  const start = points[0] ?? nowMs;
  const [moved, byAsset] = await Promise.all([
    movementsAfter(db, userId, range.step, start),
    holdingsSince(db, userId, start),
  ]);
  const current = accounts.rows.reduce((sum, row) => sum + toCents(row.balance), 0n);
  return {
    timeframe,
    firstActivity,
    start,
    range,
    current,
    byAsset,
    cash: compactCents(cashAt(points, current, moved)),
  };
}

const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
/** The values as a BigInt64Array, which would wrap a value beyond 64 bits silently: those stay as they are. */
export const compactCents = (values: bigint[]) =>
  values.every((value) => value >= int64.min && value <= int64.max) ? BigInt64Array.from(values) : values;

/** Walking back from now: the balance at a point is today's less everything that moved after it. */
function cashAt(points: number[], current: bigint, moved: { time: number; cents: bigint }[]): bigint[] {
  const cash = new Array<bigint>(points.length);
  let after = 0n;
  let bucketIndex = moved.length - 1;
  for (let index = points.length - 1; index >= 0; index -= 1) {
    const point = points[index] ?? 0;
    while (bucketIndex >= 0 && (moved[bucketIndex]?.time ?? 0) >= point) {
      after += moved[bucketIndex]?.cents ?? 0n;
      bucketIndex -= 1;
    }
    cash[index] = current - after;
  }
  return cash;
}

/**
 * The user's net worth at each point of the range, as the JSON object of the chart (ISO time to
 * amount): every ledger account of theirs (wallets and savings) plus every position held at that
 * time at the price of that time. Balances come from the hourly (or, for a day, the raw) movements
 * after each point subtracted from today's balance; positions from their trades and the price bars.
 * Undefined when `now` has moved the range's start past the base's: read the base again.
 *
 * The points before the price bar now falls in are valued by bars that no tick writes again (a
 * tick writes only the current bar), so they are valued and written once per base and rate and
 * kept on the base; only the later points (one or two, the last of them now) are valued again at
 * each copy of the prices. Valuing all 121 points of 30 days was half of what a kept analytics
 * answer cost once the prices had moved.
 */
export async function netWorthChart(
  db: Executor,
  priceBars: PriceBarCache,
  userId: string,
  base: NetWorthBase,
  now: Date,
  known?: Latest,
): Promise<string | undefined> {
  const nowMs = now.getTime();
  const points = pointsFor(base.timeframe, nowMs, base.firstActivity);
  if (points[0] !== base.start || points.length !== base.cash.length) return undefined;
  const assetIds = [...base.byAsset.keys()];
  const latest = known ?? (assetIds.length > 0 ? await latestOf(db, userId, assetIds) : undefined);
  const rate = latest?.rate ?? 0n;
  const count = settledCount(points, base.range.resolution, nowMs);
  const kept = base.settled?.rate === rate && base.settled.count === count ? base.settled : undefined;
  const invested = latest
    ? await valuedHoldings(db, priceBars, base, now, points, latest, kept ? count : 0)
    : { cents: [], byBars: true };
  const member = (index: number) =>
    `"${isoTime(points[index] ?? 0)}":"${fromCents((base.cash[index] ?? 0n) + (invested.cents[index] ?? 0n))}"`;
  let settled = kept;
  if (!settled) {
    settled = { rate, count, json: Array.from({ length: count }, (_, index) => member(index)).join(',') };
    // A position without a single bar is valued at the latest price at every point: nothing to keep.
    if (invested.byBars) base.settled = settled;
  }
  const live = Array.from({ length: points.length - count }, (_, index) => member(count + index)).join(',');
  return `{${settled.json}${settled.json ? ',' : ''}${live}}`;
}

// Every investor's chart has the same whole-step points: their texts are kept, not formatted
// again for each request (121 toISOString calls were a third of the chart's arithmetic).
const isoTimes = new Map<number, string>();
function isoTime(time: number): string {
  let text = isoTimes.get(time);
  if (text === undefined) {
    if (isoTimes.size >= 10_000) isoTimes.clear();
    text = new Date(time).toISOString();
    isoTimes.set(time, text);
  }
  return text;
}

/**
 * What the user's positions were worth at each point from index `from` on, in whole cents: prices
 * from the bars of the range's resolution (the latest bar begun at or before the time), converted
 * at the account's current reference rate. `byBars` is false when a position's asset has no bar at
 * all, and so is valued at the latest price at every point.
 */
async function valuedHoldings(
  db: Executor,
  priceBars: PriceBarCache,
  { byAsset, range, start }: NetWorthBase,
  now: Date,
  points: number[],
  { price: latest, rate }: Latest,
  from: number,
): Promise<{ cents: bigint[]; byBars: boolean }> {
  const prices = await barsOf(db, priceBars, [...byAsset.keys()], range, start, now);
  const nowMs = now.getTime();

  // Sweeping each asset's trades and bars once: a point is valued at the last bar begun by then
  // (the first bar if none had; the quote from now on), and the sum of an instant's quantities
  // times prices is converted at the rate once.
  const state = [...byAsset].map(([assetId, movements]) => ({
    movements,
    next: 0,
    held: 0n,
    bars: prices.get(assetId) ?? [],
    bar: -1,
    latest: latest(assetId),
  }));
  // Each asset's quantity held and bar at `time`: the trades and bars begun by then, in order.
  const advance = (time: number) => {
    for (const asset of state) {
      while (asset.next < asset.movements.length && (asset.movements[asset.next]?.time ?? Infinity) <= time) {
        asset.held += asset.movements[asset.next]?.quantity ?? 0n;
        asset.next += 1;
      }
      while (asset.bar + 1 < asset.bars.length && (asset.bars[asset.bar + 1]?.time ?? Infinity) <= time) asset.bar += 1;
    }
  };
  // The points before `from` are not valued: the first advance takes every trade and bar up to it.
  const cents: bigint[] = [];
  for (let index = from; index < points.length; index += 1) {
    const time = points[index] ?? 0;
    advance(time);
    let total = 0n;
    for (const asset of state) {
      if (asset.held === 0n) continue;
      const price = time >= nowMs ? asset.latest : (asset.bars[Math.max(asset.bar, 0)]?.price ?? asset.latest);
      if (price !== undefined) total += asset.held * price;
    }
    cents[index] = roundUnits(total * rate, valueScale, 2);
  }
  return { cents, byBars: state.every((asset) => asset.bars.length > 0) };
}

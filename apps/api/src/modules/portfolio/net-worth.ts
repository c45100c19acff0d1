import { fromCents, toCents } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roundUnits, toUnits } from '../../lib/fixed-point.ts';
import type { TickCache } from '../market/tick-cache.ts';

export const timeframes = ['1d', '7d', '30d', '1yr', 'all'] as const;
export type Timeframe = (typeof timeframes)[number];

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

type Resolution = '5m' | '1h' | '1d';
type Spacing = { step: number; resolution: Resolution };
// Exact integer units at the columns' scales: quantities 8 places, prices and rates 10, money 2.
const quantityScale = 8;
const priceScale = 10;
const rateScale = 10;
const valueScale = quantityScale + priceScale + rateScale;

/** A price bar's opening price in units of 10^-10. */
type Bar = { time: number; price: bigint };
/** Price bars per asset and range, the same for every investor: kept until the next tick. */
export type PriceBarCache = TickCache<Bar[]>;

/** Chart points and the price bars that value them, per range: about 100 to 400 points each. */
const spacing: Record<Exclude<Timeframe, 'all'>, Spacing & { span: number }> = {
  '1d': { span: day, step: 15 * minute, resolution: '5m' },
  '7d': { span: 7 * day, step: hour, resolution: '1h' },
  '30d': { span: 30 * day, step: 6 * hour, resolution: '1h' },
  '1yr': { span: 365 * day, step: day, resolution: '1d' },
};

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;
const barLength: Record<Resolution, number> = { '5m': 5 * minute, '1h': hour, '1d': day };

/** The times of a range's points: whole steps from the start, then now. */
export function pointsFor(timeframe: Timeframe, now: number, firstActivity: number | undefined): number[] {
  const { span, step } = rangeOf(timeframe, now, firstActivity);
  const points: number[] = [];
  for (let time = floorTo(now - span, step) + step; time < now; time += step) points.push(time);
  points.push(now);
  return points;
}

function rangeOf(timeframe: Timeframe, now: number, firstActivity: number | undefined): Spacing & { span: number } {
  if (timeframe !== 'all') return spacing[timeframe];
  // Since the first money moved: daily up to two years, weekly beyond; at least a week.
  const span = Math.max(7 * day, now - (firstActivity ?? now) + day);
  return { span, step: span > 730 * day ? 7 * day : day, resolution: '1d' };
}

/** A trade's change of the quantity held, in units of 10^-8. */
type Movement = { time: number; quantity: bigint };

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

/** A tick that read its clock just before a bar began may write just after: a minute's margin. */
const settleMarginMs = minute;

/**
 * How many of the points come before the bar now falls in (less the margin). The last point, now,
 * never does.
 */
function settledCount(points: number[], resolution: Resolution, now: number): number {
  const bound = floorTo(now - settleMarginMs, barLength[resolution]);
  let count = points.length - 1;
  while (count > 0 && (points[count - 1] ?? 0) >= bound) count -= 1;
  return count;
}

/** Which of a range's steps `now` falls in: a base read in one step serves the whole step. */
export function stepOf(timeframe: Timeframe, now: Date): number {
  return Math.floor(now.getTime() / (timeframe === 'all' ? day : spacing[timeframe].step));
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
 * Net movement of the user's accounts per step from `start`, oldest first; the hourly table unless a
 * step is shorter. Written so that a plan for the values looks no cheaper than the prepared generic
 * one, or PostgreSQL plans it again on every request: the accounts named by their owner, not as an
 * array (whose length the generic plan cannot know), and the start read through a sub-select (whose
 * value no plan knows in advance, so both judge the range alike; the index still serves it).
 */
async function movementsAfter(db: Executor, userId: string, step: number, start: number) {
  const stride = `${step / minute} minutes`;
  const origin = new Date(start);
  const { rows } =
    step >= hour
      ? await db.execute<{ bucket: Date; amount: string }>(sql`
          select date_bin(${stride}::interval, h.hour, ${origin}) as bucket, sum(h.delta)::text as amount
          from ledger_hourly h join ledger_accounts a on a.id = h.account_id
          where a.user_id = ${userId} and h.hour >= (select ${origin}::timestamptz)
          group by 1 order by 1`)
      : await db.execute<{ bucket: Date; amount: string }>(sql`
          select date_bin(${stride}::interval, e.created_at, ${origin}) as bucket, sum(e.amount)::text as amount
          from journal_entries e join ledger_accounts a on a.id = e.account_id
          where a.user_id = ${userId} and e.created_at >= (select ${origin}::timestamptz)
          group by 1 order by 1`);
  return rows.map((row) => ({ time: new Date(row.bucket).getTime(), cents: toCents(row.amount) }));
}

/**
 * Per asset: the last bar begun by the start, then the last bar begun in each step up to now (a
 * point is valued by the last bar begun at or before it; the others are never read). The same for
 * everyone holding the asset, so kept per asset until the next tick (which is when bars are
 * written); the key names the bar now falls in, so a later `now` never reads an earlier answer.
 */
async function barsOf(
  db: Executor,
  priceBars: PriceBarCache,
  assetIds: number[],
  range: Spacing,
  start: number,
  now: Date,
): Promise<Map<number, Bar[]>> {
  const { resolution, step } = range;
  const current = Math.floor(now.getTime() / barLength[resolution]);
  const keyOf = (assetId: number) => `${assetId} ${resolution} ${step} ${start} ${current}`;
  const kept = await priceBars.answerMany(assetIds.map(keyOf), async (missing) => {
    const wanted = assetIds.filter((assetId) => missing.includes(keyOf(assetId)));
    const { rows } = await db.execute<{ asset_id: number; starts_at: Date; open: string }>(sql`
      select a.id as asset_id, b.starts_at, b.open::text
      from unnest(${sql.param(wanted)}::int[]) as a(id)
      cross join lateral (
        (select starts_at, open from price_bars where asset_id = a.id and resolution = ${resolution}::bar_resolution
          and starts_at <= ${new Date(start)} order by starts_at desc limit 1)
        union all
        (select distinct on (step) starts_at, open from (
            select starts_at, open, date_bin(${`${step / minute} minutes`}::interval, starts_at - interval '1 microsecond', ${new Date(start)}) as step
            from price_bars where asset_id = a.id and resolution = ${resolution}::bar_resolution
              and starts_at > ${new Date(start)} and starts_at <= ${now}) in_range
          order by step, starts_at desc)) b`);
    const series = new Map<string, Bar[]>(wanted.map((assetId) => [keyOf(assetId), []]));
    for (const row of rows)
      series
        .get(keyOf(row.asset_id))
        ?.push({ time: new Date(row.starts_at).getTime(), price: toUnits(row.open, priceScale) });
    return series;
  });
  return new Map(assetIds.map((assetId) => [assetId, kept.get(keyOf(assetId)) ?? []]));
}

/**
 * The user's quantities per asset: before the range (what they hold now less their trades since
 * it began: not every trade they ever made, as an automated-investing position trades at every
 * rebalance), then each trade since.
 */
async function holdingsSince(db: Executor, userId: string, start: number): Promise<Map<number, Movement[]>> {
  const from = new Date(start);
  // The holdings now (created_at null), then the trades since the range began, oldest first. A
  // closed position holds nothing, and a trade since the start is of a position open since then,
  // so neither side needs the other: joined, a plan misjudging the user's positions read them all
  // again for each trade (55 ms for 700 trades).
  const rows = await db.execute<{ asset_id: number; side: string; quantity: string; created_at: Date | null }>(sql`
    select p.asset_id, 'held' as side, p.quantity::text, null::timestamptz as created_at
    from positions p where p.user_id = ${userId} and p.status = 'open' and p.quantity <> 0
    union all
    select t.asset_id, t.side::text, t.quantity::text, t.created_at
    from trades t where t.user_id = ${userId} and t.created_at > ${from}
    order by created_at nulls first`);
  const heldNow = new Map<number, bigint>();
  const tradedSince = new Map<number, Movement[]>();
  for (const row of rows.rows) {
    const quantity = toUnits(row.quantity, quantityScale);
    if (row.side === 'held') {
      heldNow.set(row.asset_id, (heldNow.get(row.asset_id) ?? 0n) + quantity);
      continue;
    }
    const list = tradedSince.get(row.asset_id) ?? [];
    list.push({
      time: new Date(row.created_at ?? start).getTime(),
      quantity: row.side === 'buy' ? quantity : -quantity,
    });
    tradedSince.set(row.asset_id, list);
  }
  const byAsset = new Map<number, Movement[]>();
  for (const assetId of new Set([...heldNow.keys(), ...tradedSince.keys()])) {
    const later = tradedSince.get(assetId) ?? [];
    // What was held before the range: the holdings now less every trade since it began.
    const before = later.reduce((held, movement) => held - movement.quantity, heldNow.get(assetId) ?? 0n);
    byAsset.set(assetId, [{ time: Number.NEGATIVE_INFINITY, quantity: before }, ...later]);
  }
  return byAsset;
}

/** The latest prices and the user's rate (units of 10^-10), when the caller has them at hand. */
export type Latest = { price: (assetId: number) => bigint | undefined; rate: bigint };

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

/** The assets' latest prices and the user's rate, read. */
async function latestOf(db: Executor, userId: string, assetIds: number[]): Promise<Latest> {
  const quotes = await db.execute<{ asset_id: number; price: string; rate: string }>(sql`
    select q.asset_id, q.price::text,
      coalesce((select f.rate from fx_rates f join currencies c on c.code = f.currency
        join users u on u.currency_id = c.id where u.id = ${userId}), 1)::text as rate
    from asset_quotes q where q.asset_id = any(${sql`${sql.param(assetIds)}::int[]`})`);
  const prices = new Map(quotes.rows.map((row) => [row.asset_id, toUnits(row.price, priceScale)]));
  return { price: (assetId) => prices.get(assetId), rate: toUnits(quotes.rows[0]?.rate ?? '1', rateScale) };
}

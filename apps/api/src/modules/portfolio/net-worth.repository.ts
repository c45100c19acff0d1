import { ExactDecimal } from '@itrust/contracts/money';
import type { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hour, minute, type Spacing } from './net-worth-range.ts';

type Bar = { time: number; price: Decimal };

/** A trade's change of the quantity held. */
export type Movement = { time: number; quantity: Decimal };

/**
 * Net movement of the user's accounts per step from `start`, oldest first; the hourly table unless a
 * step is shorter.
 */
export async function movementsAfter(db: Executor, userId: string, step: number, start: number) {
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
  return rows.map((row) => ({ time: new Date(row.bucket).getTime(), amount: row.amount }));
}

/**
 * Per asset: the last bar begun by the start, then the last bar begun in each step up to now (a
 * point is valued by the last bar begun at or before it; the others are never read).
 */
export async function barsOf(
  db: Executor,
  assetIds: number[],
  range: Spacing,
  start: number,
  now: Date,
): Promise<Map<number, Bar[]>> {
  const { resolution, step } = range;
  // Times as milliseconds: a Date parsed per bar was much of the cost of a year's bars.
  const { rows } = await db.execute<{ asset_id: number; time: number; open: string }>(sql`
      select a.id as asset_id, (extract(epoch from b.starts_at) * 1000)::float8 as time,
        b.open::text as open
      from unnest(${sql.param(assetIds)}::int[]) as a(id)
      cross join lateral (
        (select starts_at, open from price_bars where asset_id = a.id and resolution = ${resolution}::bar_resolution
          and starts_at <= ${new Date(start)} order by starts_at desc limit 1)
        union all
        (select distinct on (step) starts_at, open from (
            select starts_at, open, date_bin(${`${step / minute} minutes`}::interval, starts_at - interval '1 microsecond', ${new Date(start)}) as step
            from price_bars where asset_id = a.id and resolution = ${resolution}::bar_resolution
              and starts_at > ${new Date(start)} and starts_at <= ${now}) in_range
          order by step, starts_at desc)) b`);
  const series = new Map<number, Bar[]>(assetIds.map((assetId) => [assetId, []]));
  for (const row of rows) series.get(row.asset_id)?.push({ time: row.time, price: new ExactDecimal(row.open) });
  return series;
}

/**
 * The user's quantities per asset: before the range (what they hold now less their trades and
 * splits since it began: not every trade they ever made, as an automated-investing position trades at every
 * rebalance), then each trade since.
 */
export async function holdingsSince(db: Executor, userId: string, start: number): Promise<Map<number, Movement[]>> {
  const from = new Date(start);
  // The holdings now (created_at null), then the trades since the range began, oldest first. A
  // closed position holds nothing, and a trade since the start is of a position open since then,
  // so neither side needs the other: joined, a plan misjudging the user's positions read them all
  // again for each trade.
  const rows = await db.execute<{ asset_id: number; side: string; quantity: string; created_at: Date | null }>(sql`
    select p.asset_id, 'held' as side, p.quantity::text, null::timestamptz as created_at
    from positions p where p.user_id = ${userId} and p.status = 'open' and p.quantity <> 0
    union all
    select t.asset_id, t.side::text, t.quantity::text, t.created_at
    from trades t where t.user_id = ${userId} and t.created_at > ${from}
    union all
    select p.asset_id, 'split', (s.quantity_after - s.quantity_before)::text, s.applied_at
    from position_splits s join positions p on p.id = s.position_id
    where s.user_id = ${userId} and s.applied_at > ${from}
    order by created_at nulls first`);
  const heldNow = new Map<number, Decimal>();
  const tradedSince = new Map<number, Movement[]>();
  for (const row of rows.rows) {
    const quantity = new ExactDecimal(row.quantity);
    if (row.side === 'held') {
      heldNow.set(row.asset_id, quantity.plus(heldNow.get(row.asset_id) ?? 0));
      continue;
    }
    const list = tradedSince.get(row.asset_id) ?? [];
    list.push({
      time: new Date(row.created_at ?? start).getTime(),
      // A split's row is already the change it made; the prices before it stay unadjusted here.
      quantity: row.side === 'sell' ? quantity.negated() : quantity,
    });
    tradedSince.set(row.asset_id, list);
  }
  const byAsset = new Map<number, Movement[]>();
  for (const assetId of new Set([...heldNow.keys(), ...tradedSince.keys()])) {
    const later = tradedSince.get(assetId) ?? [];
    // What was held before the range: the holdings now less every trade since it began.
    const before = later.reduce(
      (held, movement) => held.minus(movement.quantity),
      heldNow.get(assetId) ?? new ExactDecimal(0),
    );
    byAsset.set(assetId, [{ time: Number.NEGATIVE_INFINITY, quantity: before }, ...later]);
  }
  return byAsset;
}

export type Latest = { price: (assetId: number) => Decimal | undefined; rate: Decimal };

export async function latestOf(db: Executor, userId: string, assetIds: number[]): Promise<Latest> {
  const quotes = await db.execute<{ asset_id: number; price: string; rate: string }>(sql`
    select q.asset_id, q.price::text,
      coalesce((select f.rate from fx_rates f join currencies c on c.code = f.currency
        join users u on u.currency_id = c.id where u.id = ${userId}), 1)::text as rate
    from asset_quotes q where q.asset_id = any(${sql`${sql.param(assetIds)}::int[]`})`);
  const prices = new Map(quotes.rows.map((row) => [row.asset_id, new ExactDecimal(row.price)]));
  return { price: (assetId) => prices.get(assetId), rate: new ExactDecimal(quotes.rows[0]?.rate ?? '1') };
}

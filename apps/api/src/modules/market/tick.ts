import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { gbmStep, roundPrice } from './engine.ts';
import { day, floorTo, resolutionMs, retentionMs } from './history.ts';
import { gaussian, uniform } from './random.ts';

export const ticksChannel = 'market_ticks';
const fxVolatility = 0.07;

type QuoteRow = {
  asset_id: number;
  symbol: string;
  volatility: string;
  reference_market_cap: string;
  reference_price: string;
  price: string;
  previous_close: string;
  day_open: string;
  day_high: string;
  day_low: string;
  volume: string;
  avg_volume: string;
  trading_day: string;
  updated_at: string;
};

/** Prices depend only on the seed and the tick times, so a replay gives the same market. */
export async function runTick(db: Database, clock: Clock, seed: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7201004)`);
    const now = clock.now();
    const today = now.toISOString().slice(0, 10);
    const { rows } = await tx.execute<QuoteRow>(sql`
      select q.*, to_char(q.trading_day, 'YYYY-MM-DD') as trading_day, a.symbol, a.volatility, a.reference_market_cap, a.reference_price
      from asset_quotes q join assets a on a.id = q.asset_id`);

    const updates = rows
      .map((row) => {
        // Raw queries through drizzle return timestamps as text.
        const elapsed = Math.min(now.getTime() - new Date(row.updated_at).getTime(), day);
        if (elapsed <= 0) return undefined;
        const step = Math.floor(now.getTime() / 1000);
        const price = gbmStep(
          Number(row.price),
          Number(row.volatility),
          elapsed,
          gaussian(seed, `${row.symbol}:tick`, step),
        );
        const newDay = row.trading_day !== today;
        const traded = Number(row.avg_volume) * (elapsed / day) * (0.5 + uniform(seed, `${row.symbol}:volume`, step));
        return {
          assetId: row.asset_id,
          price: roundPrice(price),
          previousClose: newDay ? row.price : row.previous_close,
          dayOpen: newDay ? roundPrice(price) : row.day_open,
          dayHigh: roundPrice(newDay ? price : Math.max(Number(row.day_high), price)),
          dayLow: roundPrice(newDay ? price : Math.min(Number(row.day_low), price)),
          volume: ((newDay ? 0 : Number(row.volume)) + traded).toFixed(2),
          marketCap: ((Number(row.reference_market_cap) * price) / Number(row.reference_price)).toFixed(2),
        };
      })
      .filter((update) => update !== undefined);

    await writeQuotes(tx, updates, now);
    await driftFxRates(tx, now, seed);
    return announceTick(tx);
  });
}

export type QuoteUpdate = {
  assetId: number;
  price: string;
  previousClose: string;
  dayOpen: string;
  dayHigh: string;
  dayLow: string;
  volume: string;
  marketCap: string;
};
type Executor = Pick<Database, 'execute'>;

export async function writeQuotes(tx: Executor, updates: QuoteUpdate[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  const today = now.toISOString().slice(0, 10);
  {
    // sql.param passes each list as one array parameter rather than spreading it.
    const list = (pick: (update: (typeof updates)[number]) => string | number) => sql.param(updates.map(pick));
    await tx.execute(sql`
      update asset_quotes q set price = u.price, previous_close = u.previous_close, day_open = u.day_open,
        day_high = u.day_high, day_low = u.day_low, volume = u.volume, market_cap = u.market_cap,
        trading_day = ${today}::date, updated_at = ${now}, tick_sequence = q.tick_sequence + 1
      from unnest(${list((u) => u.assetId)}::int[], ${list((u) => u.price)}::numeric[], ${list((u) => u.previousClose)}::numeric[],
        ${list((u) => u.dayOpen)}::numeric[], ${list((u) => u.dayHigh)}::numeric[], ${list((u) => u.dayLow)}::numeric[],
        ${list((u) => u.volume)}::numeric[], ${list((u) => u.marketCap)}::numeric[])
        as u(asset_id, price, previous_close, day_open, day_high, day_low, volume, market_cap)
      where q.asset_id = u.asset_id`);
    for (const [resolution, size] of Object.entries(resolutionMs)) {
      const startsAt = new Date(floorTo(now.getTime(), size));
      await tx.execute(sql`
        insert into price_bars (asset_id, resolution, starts_at, open, high, low, close)
        select u.asset_id, ${resolution}::bar_resolution, ${startsAt}, u.price, u.price, u.price, u.price
        from unnest(${list((u) => u.assetId)}::int[], ${list((u) => u.price)}::numeric[]) as u(asset_id, price)
        on conflict (asset_id, resolution, starts_at) do update
        set high = greatest(price_bars.high, excluded.close), low = least(price_bars.low, excluded.close), close = excluded.close`);
    }
  }
}

/** Counts the tick and tells every API process (on commit) that new quotes are in. */
export async function announceTick(tx: Executor): Promise<number> {
  const [sequence] = (
    await tx.execute<{ value: string }>(sql`
      insert into market_state (key, value) values ('tick_sequence', '1')
      on conflict (key) do update set value = (market_state.value::int + 1)::text
      returning value`)
  ).rows;
  await tx.execute(sql`select pg_notify(${ticksChannel}, ${sequence?.value ?? '0'})`);
  return Number(sequence?.value ?? 0);
}

async function driftFxRates(tx: Pick<Database, 'execute'>, now: Date, seed: number) {
  const { rows } = await tx.execute<{ currency: string; rate: string; reference_rate: string; updated_at: string }>(
    sql`select currency, rate, reference_rate, updated_at from fx_rates where currency <> 'USD'`,
  );
  for (const row of rows) {
    const elapsed = Math.min(now.getTime() - new Date(row.updated_at).getTime(), day);
    if (elapsed <= 0) continue;
    // A slow pull back to the reference keeps simulated rates near the real ones for years.
    const drifted = gbmStep(
      Number(row.rate),
      fxVolatility,
      elapsed,
      gaussian(seed, `${row.currency}:fx`, Math.floor(now.getTime() / 1000)),
    );
    const pulled = drifted + (Number(row.reference_rate) - drifted) * Math.min(1, elapsed / (30 * day));
    await tx.execute(
      sql`update fx_rates set rate = ${pulled.toFixed(10)}, updated_at = ${now} where currency = ${row.currency}`,
    );
  }
}

/** Keeps storage bounded: fine bars older than their retention are dropped; the coarser bars already hold them. */
export async function pruneBars(db: Database, clock: Clock): Promise<number> {
  const now = clock.now().getTime();
  let removed = 0;
  for (const resolution of ['5m', '1h'] as const) {
    const result = await db.execute(
      sql`delete from price_bars where resolution = ${resolution}::bar_resolution and starts_at < ${new Date(now - retentionMs[resolution])}`,
    );
    removed += result.rowCount ?? 0;
  }
  return removed;
}

/** Sets one asset's price as a tick would, for the test hook (price-hook.routes.ts): streams hear of it. */
export async function setQuotePrice(db: Database, symbol: string, price: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const set = await tx.execute(sql`
      update asset_quotes q set price = ${price}::numeric, day_high = greatest(q.day_high, ${price}::numeric),
        day_low = least(q.day_low, ${price}::numeric), tick_sequence = q.tick_sequence + 1
      from assets a where a.id = q.asset_id and a.symbol = ${symbol}`);
    if (set.rowCount !== 1) return false;
    await announceTick(tx);
    return true;
  });
}

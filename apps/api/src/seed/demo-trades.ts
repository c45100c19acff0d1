import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { day, hour } from '../modules/market/history.ts';
import { tradingMessages, type PricedQuote, type QuoteSource } from '../modules/trading/trade-settlement.service.ts';
import { createTradingService } from '../modules/trading/trading.service.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';

/** A settable clock: the demo's past is written by the real services, at the times it happened. */
export type SeedClock = Clock & { set: (time: Date) => void };

export function seedClock(start: Date): SeedClock {
  let current = start;
  return {
    now: () => current,
    set: (time) => {
      current = time;
    },
  };
}

/** The price at the clock's time: the opening price of the latest back-filled bar that had begun. */
function historicalQuote(clock: Clock): QuoteSource {
  return async (tx, assetId, currency) => {
    const { rows } = await tx.execute<PricedQuote>(sql`
      select a.id as asset_id, a.symbol, a.name, a.type::text, b.open::text as price, b.open::text as previous_close,
        r.rate::text
      from assets a cross join lateral (
        select open from price_bars where asset_id = a.id and starts_at <= ${clock.now()}
        order by starts_at desc limit 1) b
      left join fx_rates r on r.currency = ${currency}
      where a.id = ${assetId}`);
    const quote = rows[0];
    if (!quote) throw new Error(tradingMessages.noAsset);
    return quote;
  };
}

type Bar = { startsAt: Date; open: Decimal };

async function dailyBars(db: Database, symbol: string, fromDaysAgo: number, toDaysAgo: number, now: Date) {
  const { rows } = await db.execute<{ starts_at: Date; open: string; id: number }>(sql`
    select b.starts_at, b.open::text, a.id from price_bars b join assets a on a.id = b.asset_id
    where a.symbol = ${symbol} and b.resolution = '1d'
      and b.starts_at between ${new Date(now.getTime() - fromDaysAgo * day)} and ${new Date(now.getTime() - toDaysAgo * day)}
    order by b.starts_at`);
  return {
    assetId: rows[0]?.id,
    bars: rows.map((row): Bar => ({ startsAt: new Date(row.starts_at), open: new Decimal(row.open) })),
  };
}

/** The buy and sell days, at least ten days apart, with the largest rise between them. */
function bestRise(bars: Bar[]): { buy: Bar; sell: Bar } | undefined {
  let best: { buy: Bar; sell: Bar } | undefined;
  let lowest: Bar | undefined;
  for (let index = 10; index < bars.length; index += 1) {
    const candidate = bars[index - 10];
    if (candidate && (!lowest || candidate.open.lt(lowest.open))) lowest = candidate;
    const sell = bars[index];
    if (
      lowest &&
      sell &&
      sell.open.gt(lowest.open) &&
      (!best || sell.open.minus(lowest.open).gt(best.sell.open.minus(best.buy.open)))
    )
      best = { buy: lowest, sell };
  }
  return best;
}

const sharesFor = (amount: number, price: Decimal) =>
  new Decimal(amount).dividedBy(price).toDecimalPlaces(6, Decimal.ROUND_DOWN);

/** Mid-morning in New York, when the demo's recent trades happen. */
const tradingTimeOf = (time: Date) => new Date(Math.floor(time.getTime() / day) * day + 15 * hour);

/**
 * The demo investor's trading past, from the brokerage wallet, written in time order: three holdings
 * bought 95, 40 and 9 days ago, and one bought and sold at a profit between 85 and 32 days ago (the
 * stock and days whose back-filled daily prices rose most, so the profit holds whatever the simulated
 * history turned out to be; that far back only daily bars exist, so both trades fill at a day's open).
 */
export async function seedDemoTrades(
  db: Database,
  clock: SeedClock,
  users: UsersRepository,
  userId: string,
  now: Date,
): Promise<void> {
  const trading = createTradingService({ db, clock, users, quotes: historicalQuote(clock) });
  const events: { at: Date; run: () => Promise<unknown> }[] = [];
  const buy = (assetId: number, bar: Bar, amount: number) =>
    trading.buy(userId, { assetId, quantity: sharesFor(amount, bar.open) });

  for (const [symbol, daysAgo, amount] of [
    ['AAPL', 95, 4_000],
    ['MSFT', 40, 3_000],
    ['BTC', 9, 1_500],
  ] as const) {
    const { assetId, bars } = await dailyBars(db, symbol, daysAgo, daysAgo - 1, now);
    const bar = bars[0];
    if (!assetId || !bar) throw new Error(`no price history for ${symbol} ${daysAgo} days ago`);
    events.push({ at: tradingTimeOf(bar.startsAt), run: () => buy(assetId, bar, amount) });
  }
  for (const symbol of ['NVDA', 'AMZN', 'GOOGL', 'META']) {
    const { assetId, bars } = await dailyBars(db, symbol, 85, 32, now);
    const rise = bestRise(bars);
    if (!assetId || !rise) continue;
    let opened: Promise<{ id: string; quantity: string }> | undefined;
    events.push({ at: tradingTimeOf(rise.buy.startsAt), run: () => (opened = buy(assetId, rise.buy, 2_500)) });
    events.push({
      at: tradingTimeOf(rise.sell.startsAt),
      run: async () => {
        const position = await opened;
        if (position) await trading.close(userId, position.id, new Decimal(position.quantity));
      },
    });
    break;
  }

  for (const event of events.sort((a, b) => a.at.getTime() - b.at.getTime())) {
    clock.set(event.at);
    await event.run();
  }
}

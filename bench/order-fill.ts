import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { setQuotePrice } from '../apps/api/src/modules/market/tick.ts';
import { seconds } from './measure.ts';
import { sendOnSchedule } from './steady.ts';
import { dayBesideBatch, type Segment } from './batch-day.ts';
import { tradingDay, type Asset, type Investor, type Screen } from './trading-day.ts';

/** How many limit buys rest on one asset when the tick that fills them all arrives. */
export const restingOrders = 1_000;
const limitPrice = '90';
/** How long the bench waits for every order to fill before it reports what did. */
const fillLimitMs = 5 * 60_000;

async function placeRestingOrders(url: string, investors: Investor[], asset: Asset): Promise<string[]> {
  const placed: string[] = [];
  for (let start = 0; start < restingOrders; start += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, restingOrders - start) }, async (_, index) => {
        const investor = investors[(start + index) % investors.length];
        return fetch(`${url}/api/user/orders`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${investor?.token ?? ''}`,
            'content-type': 'application/json',
            'idempotency-key': `bench-resting-${process.pid}-${start + index}`,
          },
          body: JSON.stringify({
            asset_id: asset.id,
            side: 'buy',
            type: 'limit',
            amount: '5',
            limit_price: limitPrice,
          }),
        });
      }),
    );
    const refused = answers.find((answer) => answer.status !== 201);
    if (refused) throw new Error(`a resting order was refused: ${refused.status} ${await refused.text()}`);
    for (const answer of answers)
      placed.push(((await answer.json()) as { data: { order: { id: string } } }).data.order.id);
  }
  return placed;
}

type FillProgress = { filled: number; first: Date | null; last: Date | null };

/** How many of the orders have filled, and when the first and the last of their fills started. */
async function fillProgress(db: Database, ids: string[]): Promise<FillProgress> {
  const { rows } = await db.$client.query<FillProgress>(
    `select count(*)::int as filled, min(ended_at) as first, max(ended_at) as last
     from orders where id = any($1::uuid[]) and status = 'filled'`,
    [ids],
  );
  return rows[0] ?? { filled: 0, first: null, last: null };
}

/**
 * A tick that fills `restingOrders` limit buys at once, in the middle of a mixed trading day at `rate`:
 * the highest the day held without the tick. The production API runs as it does for investors: the
 * bench moves the asset's price in the database below the orders' limit, and the API's own fill job
 * after its next tick fills them. The day goes on in runs of `seconds` until every order has filled;
 * the run before the price moves is the day without the tick, the others the day during it. The
 * tick's time is from its first fill to its last, as the orders record them.
 */
export async function measureTickFill(
  url: string,
  databaseUrl: string,
  screens: Screen[],
  investors: Investor[],
  asset: Asset,
  rate: number,
) {
  const db = createDatabase(databaseUrl, 1);
  const day = () => sendOnSchedule(url, tradingDay(screens, investors, rate, seconds));
  try {
    await setQuotePrice(db, asset.symbol, '100');
    const placed = await placeRestingOrders(url, investors, asset);
    const segments: Segment[] = [{ result: await day(), ranBefore: 0, ranAfter: 0 }];
    await setQuotePrice(db, asset.symbol, '89');
    let progress = await fillProgress(db, placed);
    for (
      const giveUp = performance.now() + fillLimitMs;
      progress.filled < placed.length && performance.now() < giveUp;
    ) {
      const ranBefore = progress.filled;
      const result = await day();
      progress = await fillProgress(db, placed);
      // Every run after the price moved is during the tick, whether or not its fills had begun by the run's end.
      segments.push({ result, ranBefore, ranAfter: placed.length });
    }
    const judged = dayBesideBatch(segments, rate);
    const tickMs = progress.first && progress.last ? progress.last.getTime() - progress.first.getTime() : NaN;
    console.log(`  a tick filling ${progress.filled} resting orders: ${tickMs} ms; ${judged.line}`);
    return {
      rate,
      placed: placed.length,
      orders: progress.filled,
      tickMs,
      ...judged.figures,
    };
  } finally {
    await db.$client.end();
  }
}

export type TickFillMeasured = Awaited<ReturnType<typeof measureTickFill>>;

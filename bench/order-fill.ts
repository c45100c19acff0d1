import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { setQuotePrice } from '../apps/api/src/modules/market/tick.ts';
import { seconds } from './measure.ts';
import { sendOnSchedule } from './steady.ts';
import { judgeDay, tradingDay, type Asset, type Investor, type Screen } from './trading-day.ts';

/** How many limit buys rest on one asset when the tick that fills them all arrives. */
export const restingOrders = 1_000;
const limitPrice = '90';

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
 * the highest the day held without the tick, so that what the figures show is the tick's cost. The production API runs as it does for investors: the bench moves the asset's price in
 * the database below the orders' limit, and the API's own next tick fills them. The tick's time is from
 * its first fill to its last, as the orders record them; the day's endpoints are judged as the day's
 * budget judges them.
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
  try {
    await setQuotePrice(db, asset.symbol, '100');
    const placed = await placeRestingOrders(url, investors, asset);
    // Long enough for the next tick to come and its fills to end inside the day.
    const day = sendOnSchedule(url, tradingDay(screens, investors, rate, seconds * 8));
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await setQuotePrice(db, asset.symbol, '89');
    let progress = await fillProgress(db, placed);
    for (
      const waitUntil = performance.now() + 120_000;
      progress.filled < placed.length && performance.now() < waitUntil;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      progress = await fillProgress(db, placed);
    }
    const during = await day;
    const judged = judgeDay(during.endpoints);
    const tickMs = progress.first && progress.last ? progress.last.getTime() - progress.first.getTime() : NaN;
    console.log(
      `  a tick filling ${progress.filled} resting orders: ${tickMs} ms; the mixed day at ${rate} req/s meanwhile ${judged.holds ? 'holds' : 'does not hold'} (slowest ${judged.worst}, p99 ${judged.worstP99} ms; ${judged.errors} errors)`,
    );
    return { rate, placed: placed.length, orders: progress.filled, tickMs, endpoints: during.endpoints, ...judged };
  } finally {
    await db.$client.end();
  }
}

export type TickFillMeasured = Awaited<ReturnType<typeof measureTickFill>>;

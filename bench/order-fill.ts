import { dayRate } from './mixed-day.ts';
import { seconds } from './measure.ts';
import { sendOnSchedule } from './steady.ts';
import { judgeDay, tradingDay, type Asset, type Investor, type Screen } from './trading-day.ts';

/** How many limit buys rest on one asset when the tick that fills them all arrives. */
export const restingOrders = 1_000;
const limitPrice = '90';

async function setPrice(url: string, symbol: string, price: string): Promise<number> {
  const response = await fetch(`${url}/api/dev/market/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol, price }),
  });
  if (!response.ok) throw new Error(`the price hook answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { ended: number } }).data.ended;
}

async function placeRestingOrders(url: string, investors: Investor[], asset: Asset) {
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
  }
}

/**
 * A tick that fills `restingOrders` limit buys at once, in the middle of a mixed trading day at the
 * budget's rate. The simulated market's test hook sets the price and runs the fill step, as a tick's
 * after-step does: its time is the tick's. The day's endpoints are judged as the day's budget judges them.
 */
export async function measureTickFill(url: string, screens: Screen[], investors: Investor[], asset: Asset) {
  await setPrice(url, asset.symbol, '100');
  await placeRestingOrders(url, investors, asset);
  const day = sendOnSchedule(url, tradingDay(screens, investors, dayRate, seconds * 2));
  await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
  const started = performance.now();
  const ended = await setPrice(url, asset.symbol, '89');
  const tickMs = Math.round(performance.now() - started);
  const during = await day;
  const judged = judgeDay(during.endpoints);
  console.log(
    `  tick filling ${ended} resting orders: ${tickMs} ms; the mixed day meanwhile ${judged.holds ? 'holds' : 'does not hold'} (slowest ${judged.worst}, p99 ${judged.worstP99} ms; ${judged.errors} errors)`,
  );
  return { placed: restingOrders, orders: ended, tickMs, endpoints: during.endpoints, ...judged };
}

export type TickFillMeasured = Awaited<ReturnType<typeof measureTickFill>>;

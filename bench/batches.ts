import { measureDividendPayment } from './dividend-payment.ts';
import { warmUpSeconds } from './measure.ts';
import { measureTickFill } from './order-fill.ts';
import { measureScheduleSlot } from './schedule-slot.ts';
import { startBenchStack } from './stack.ts';
import { sendOnSchedule } from './steady.ts';
import { tradingDay, visitScreens } from './trading-day.ts';

const batches = ['tick', 'slot', 'dividend'] as const;
type Batch = (typeof batches)[number];

const rate = Number(process.env['BENCH_DAY_RATE']);
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !batches.includes(name as Batch));

/**
 * `npm run bench:batches -- [tick] [slot] [dividend]`: only the batches named (all three when none
 * is), each beside the mixed day at `BENCH_DAY_RATE` req/s, on the same stack as `npm run bench`.
 * It prints what it measured and writes nothing: it is for an A/B of a batch's design, run on each
 * side in turn on a quiet machine (docs/decisions).
 */
async function main() {
  if (!(rate > 0)) throw new Error("Set BENCH_DAY_RATE to the day rate to hold, e.g. the latest bench's highest.");
  if (unknown.length > 0)
    throw new Error(`Unknown batches: ${unknown.join(', ')}; the batches are ${batches.join(', ')}.`);
  const run = (batch: Batch) => chosen.length === 0 || chosen.includes(batch);
  const { api, postgres, fixtures, stop } = await startBenchStack();
  try {
    const screens = visitScreens(fixtures.assets);
    const { investors } = fixtures;
    console.log(`Warming up at ${rate} req/s…`);
    await sendOnSchedule(api.url, tradingDay(screens, investors, rate, warmUpSeconds));
    const measured: Record<string, unknown> = {};
    if (run('tick'))
      measured['tickFill'] = await measureTickFill(
        api.url,
        postgres.url,
        screens,
        investors,
        fixtures.assets.at(-1) ?? { id: 1, symbol: 'AAPL' },
        rate,
      );
    if (run('slot'))
      measured['scheduleSlot'] = await measureScheduleSlot(api.url, postgres.url, screens, investors, rate);
    if (run('dividend'))
      measured['dividendPayment'] = await measureDividendPayment(api.url, postgres.url, screens, investors, rate);
    console.log(JSON.stringify(measured, null, 2));
  } finally {
    await stop();
  }
}

await main();

import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { pruneBars } from '../modules/market/tick.ts';

const tickQueue = 'market.tick';
const pruneQueue = 'market.prune';
const fillQueue = 'orders.fill';

/** Moves the market one step: the simulation, or a real provider's quotes. */
export type MarketFeed = (db: Database, clock: Clock) => Promise<number>;

/** Runs after each tick: the orders its prices crossed fill (order-fills.ts). */
export type AfterTick = () => Promise<unknown>;

type MarketJobs = { db: Database; clock: Clock; feed: MarketFeed; tickSeconds: number; afterTick?: AfterTick };

/**
 * The singleton key lets one tick per interval through, so several API processes still move prices once.
 * The fills after a tick are a job of their own, one running and one waiting at most (the stately policy):
 * a long fill step does not hold the next tick back, and the one waiting takes in every tick meanwhile.
 */
export async function registerMarketJobs(
  boss: PgBoss,
  { db, clock, feed, tickSeconds, afterTick }: MarketJobs,
): Promise<() => void> {
  await boss.createQueue(tickQueue, { notify: true, retryLimit: 0 });
  await boss.createQueue(pruneQueue, { retryLimit: 2 });
  await boss.createQueue(fillQueue, { notify: true, policy: 'stately', retryLimit: 0 });
  await boss.work(tickQueue, { pollingIntervalSeconds: Math.max(0.5, Math.min(2, tickSeconds / 2)) }, async () => {
    await feed(db, clock);
    if (afterTick) await boss.send(fillQueue, {});
  });
  if (afterTick) {
    await boss.work(fillQueue, { pollingIntervalSeconds: 0.5 }, async () => {
      await afterTick();
    });
  }
  await boss.work(pruneQueue, async () => {
    await pruneBars(db, clock);
  });
  await boss.schedule(pruneQueue, '17 * * * *');
  const timer = setInterval(() => {
    void boss.send(tickQueue, {}, { singletonKey: 'tick', singletonSeconds: tickSeconds }).catch(() => undefined);
  }, tickSeconds * 1000);
  return () => clearInterval(timer);
}

import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { purgeExpired } from '../db/retention.ts';
import type { Clock } from '../lib/clock.ts';
import { codeLockRules } from '../modules/auth/code-failures.ts';

export const purgeQueue = 'housekeeping.purge';

/** Every hour, rows past their retention go (used idempotency keys, old throttle counts, spent tokens and codes). */
export async function registerHousekeepingJobs(boss: PgBoss, db: Database, clock: Clock): Promise<void> {
  await boss.createQueue(purgeQueue, { retryLimit: 2 });
  await boss.work(purgeQueue, async () => {
    await purgeExpired(db, clock.now(), codeLockRules.failuresInTotal);
  });
  await boss.schedule(purgeQueue, '41 * * * *');
}

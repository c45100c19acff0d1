import type { PgBoss } from 'pg-boss';
import type { SplitApplier } from '../modules/splits/split-apply.ts';

const splitsQueue = 'splits.apply';

/**
 * Applies the splits whose effective date has come, every few minutes and once at start, so a split
 * due while the app was down is applied when it is back. Each applies once whichever process or
 * retry gets to it (split-apply.ts).
 */
export async function registerSplitJobs(boss: PgBoss, applier: SplitApplier): Promise<void> {
  await boss.createQueue(splitsQueue, { retryLimit: 3, retryDelay: 30 });
  await boss.work(splitsQueue, async () => {
    await applier.applyDue();
  });
  await boss.schedule(splitsQueue, '*/5 * * * *', {}, { tz: 'UTC' });
  await boss.send(splitsQueue, {}, { singletonKey: 'catch-up', singletonSeconds: 60 });
}

import type { PgBoss } from 'pg-boss';
import type { AutoService } from '../modules/auto/auto.service.ts';

const autoQueue = 'auto.invest';

/**
 * Every interval each process asks for a run; the singleton key lets one through per interval.
 * A run for a user is one transaction under the auto wallet's row lock, so an overlapping run
 * waits and then finds nothing left to do.
 */
export async function registerAutoJobs(boss: PgBoss, auto: AutoService, seconds: number): Promise<() => void> {
  await boss.createQueue(autoQueue, { retryLimit: 0 });
  await boss.work(autoQueue, { pollingIntervalSeconds: Math.max(0.5, Math.min(2, seconds / 2)) }, async () => {
    await auto.runAll();
  });
  const timer = setInterval(() => {
    void boss.send(autoQueue, {}, { singletonKey: 'auto', singletonSeconds: seconds }).catch(() => undefined);
  }, seconds * 1000);
  return () => clearInterval(timer);
}

import type { PgBoss } from 'pg-boss';
import type { ScheduleRuns } from '../modules/schedules/schedule-runs.ts';

const schedulesQueue = 'schedules.run';

/**
 * Runs the recurring plans' due slots every minute, and once at start so slots that fell due while
 * the app was down are run (or skipped as too late) at once. Each slot runs once whichever process
 * or retry gets to it (schedule-runs.ts).
 */
export async function registerScheduleJobs(boss: PgBoss, runs: ScheduleRuns): Promise<void> {
  await boss.createQueue(schedulesQueue, { retryLimit: 3, retryDelay: 30 });
  await boss.work(schedulesQueue, async () => {
    await runs.runDue();
  });
  await boss.schedule(schedulesQueue, '* * * * *', {}, { tz: 'UTC' });
  await boss.send(schedulesQueue, {}, { singletonKey: 'catch-up', singletonSeconds: 60 });
}

import type { PgBoss } from 'pg-boss';
import type { SavingsService } from '../modules/savings/savings.service.ts';

const interestQueue = 'savings.interest';

/**
 * Pays each savings account its interest for the days just ended: every night after midnight
 * UTC, and once at start so days missed while the app was down are caught up. Paying is
 * idempotent per account and day, so a retry or a second process pays nothing twice.
 */
export async function registerSavingsJobs(boss: PgBoss, savings: SavingsService): Promise<void> {
  await boss.createQueue(interestQueue, { retryLimit: 3, retryDelay: 60 });
  await boss.work(interestQueue, async () => {
    await savings.accrueInterest();
  });
  await boss.schedule(interestQueue, '10 0 * * *', {}, { tz: 'UTC' });
  await boss.send(interestQueue, {}, { singletonKey: 'catch-up', singletonSeconds: 60 });
}

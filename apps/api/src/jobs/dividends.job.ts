import type { PgBoss } from 'pg-boss';
import type { DividendPayments } from '../modules/dividends/dividend-payments.ts';

const dividendsQueue = 'dividends.pay';

/**
 * Pays the dividends that fell due every five minutes, and once at start so a dividend due while the
 * app was down is paid at once. Each holder is paid once whichever process gets to it.
 */
export async function registerDividendJobs(boss: PgBoss, payments: DividendPayments): Promise<void> {
  await boss.createQueue(dividendsQueue, { retryLimit: 3, retryDelay: 60 });
  await boss.work(dividendsQueue, async () => {
    await payments.runDue();
  });
  await boss.schedule(dividendsQueue, '*/5 * * * *', {}, { tz: 'UTC' });
  await boss.send(dividendsQueue, {}, { singletonKey: 'catch-up', singletonSeconds: 300 });
}

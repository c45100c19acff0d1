import { createDatabase, type Database } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import { walletServiceFor, type WalletService } from '../src/modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../src/modules/users/users.repository.ts';
import { createTestApp, type TestApp } from './app.ts';

export type JobTestApp = {
  testApp: TestApp;
  /** Funds investors without going through the routes. */
  wallet: WalletService;
  /**
   * A second connection pool, as a second API process running the same job: the scheduler, the fill
   * step, the split applier or the dividend payer.
   */
  secondPool: Database;
  close: () => Promise<void>;
};

/**
 * The app on the test's clock, for tests of a job that two API processes run at once. The rate
 * limit is lifted: these tests send many requests for one investor.
 */
export async function createJobTestApp(env: Record<string, string>, clock: Clock): Promise<JobTestApp> {
  const testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', ...env }, { clock });
  const wallet = walletServiceFor(
    testApp.database.db,
    clock,
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  const secondPool = createDatabase(testApp.database.url, 10);
  return {
    testApp,
    wallet,
    secondPool,
    close: async () => {
      await secondPool.$client.end();
      await testApp.close();
    },
  };
}

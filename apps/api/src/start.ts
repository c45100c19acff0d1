import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { createJobQueue, startJobQueue } from './jobs/boss.ts';
import { createMailQueue, registerMailJob } from './jobs/mail.job.ts';
import { resolveAppSecret } from './lib/app-secret.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { createProgress } from './lib/progress.ts';
import { registerAutoJobs } from './jobs/auto.job.ts';
import { registerSavingsJobs } from './jobs/savings.job.ts';
import { registerDividendJobs } from './jobs/dividends.job.ts';
import { createDividendPayments } from './modules/dividends/dividend-payments.ts';
import { registerScheduleJobs } from './jobs/schedules.job.ts';
import { registerSplitJobs } from './jobs/splits.job.ts';
import { createSplitApplier } from './modules/splits/split-apply.ts';
import { registerHousekeepingJobs } from './jobs/housekeeping.job.ts';
import { registerMarketJobs, type MarketFeed } from './jobs/market.job.ts';
import { createFmpProvider } from './modules/market/provider.ts';
import { runProviderTick } from './modules/market/provider-feed.ts';
import { runTick } from './modules/market/tick.ts';
import { autoServiceFor } from './modules/auto/auto.service.ts';
import { createSavingsService } from './modules/savings/savings.service.ts';
import { createScheduleRuns } from './modules/schedules/schedule-runs.ts';
import { createOrderFills, createTradingService } from './modules/trading/trading.service.ts';
import { walletServiceFor } from './modules/ledger/wallet.service.ts';
import { systemClock } from './lib/clock.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { seedDemoUsers } from './seed/demo.ts';
import { seedDemoMoney } from './seed/demo-money.ts';
import { seedMarket } from './seed/market.ts';
import { seedReferenceData, syncPlatformSettings } from './seed/reference.ts';
import { syncSavingsProducts } from './seed/savings-products.ts';

const progress = createProgress();
// What has been started so far, stopped in reverse order: a Ctrl-C during start-up leaves nothing behind.
const cleanups: (() => Promise<unknown>)[] = [];
let stopping = false;

async function stop(exitCode: number, farewell?: string): Promise<never> {
  stopping = true;
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error: unknown) => {
      console.error(error);
    });
  }
  if (farewell) process.stderr.write(`${farewell}\n`);
  process.exit(exitCode);
}

function onSignal() {
  if (!stopping) void stop(0, 'Itrust stopped.');
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

// A failure nothing caught still stops in order (database last). While stopping, a late error from
// a connection being closed is logged, not turned into a failed exit.
function onUncaught(error: unknown) {
  console.error(error);
  if (!stopping) void stop(1, 'Itrust stopped after an unexpected error.');
}
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUncaught);

async function main() {
  const config = loadConfig();
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      database: 'itrust',
      onProgress: progress.step,
    });
    cleanups.push(embedded.stop);
    databaseUrl = embedded.url;
  }
  const db = createDatabase(databaseUrl);
  cleanups.push(() => db.$client.end());

  progress.step('Applying database migrations');
  await runMigrations(db);
  await seedReferenceData(db, progress.step);
  await syncPlatformSettings(db, config.platformSettingsFile);
  await syncSavingsProducts(db, config.savingsProductsFile);
  await seedMarket(db, systemClock, config.marketSeed, progress.step);
  const users = createUsersRepository(db);
  const demo = config.isProduction ? undefined : await seedDemoUsers(db, config.dataDir);
  if (demo) await seedDemoMoney(db, users, config.limits, demo.userId, systemClock.now());

  progress.step('Starting the API');
  const appSecret = await resolveAppSecret(config.appSecret, config.dataDir);
  const boss = createJobQueue(databaseUrl);
  const mail = createMailQueue(boss);
  const app = await buildApp({ config, db, mail, appSecret });
  await startJobQueue(boss, app.log);
  cleanups.push(() => boss.stop({ graceful: true, timeout: 5_000 }));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.mailOutboxDir,
    log: app.log,
  });
  await registerMailJob(boss, mailer);
  const provider =
    config.marketData === 'fmp' && config.marketDataApiKey ? createFmpProvider(config.marketDataApiKey) : undefined;
  const feed: MarketFeed = provider
    ? (database, clock) => runProviderTick(database, clock, provider)
    : (database, clock) => runTick(database, clock, config.marketSeed);
  const orderFills = createOrderFills({ db, clock: systemClock, users, mail });
  const stopTicks = await registerMarketJobs(boss, {
    db,
    clock: systemClock,
    feed,
    tickSeconds: config.marketTickSeconds,
    afterTick: () => orderFills.fillTriggered(),
  });
  cleanups.push(async () => stopTicks());
  const auto = autoServiceFor(db, systemClock, users, config.autoInvestMinimumCash);
  const stopAuto = await registerAutoJobs(boss, auto, config.autoInvestSeconds);
  cleanups.push(async () => stopAuto());
  await registerSavingsJobs(boss, createSavingsService({ db, clock: systemClock, users }));
  const trading = createTradingService({ db, clock: systemClock, users });
  const wallet = walletServiceFor(db, systemClock, users, config.limits, auto.raiseCash);
  await registerScheduleJobs(boss, createScheduleRuns({ db, clock: systemClock, trading, wallet, mail }));
  await registerDividendJobs(
    boss,
    createDividendPayments({ db, clock: systemClock, seed: config.marketSeed, trading, mail }),
  );
  await registerSplitJobs(boss, createSplitApplier({ db, clock: systemClock, mail }));
  await registerHousekeepingJobs(boss, db, systemClock);
  cleanups.push(() => app.close());
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = new URL(config.appUrl).port === String(port) ? config.appUrl : `http://${config.host}:${port}`;
  progress.done(`Itrust is ready at ${url}`);
  if (!config.isProduction) process.stderr.write(`  Mail outbox: ${url}/dev/mail   API docs: ${url}/api/docs\n`);
  if (demo) {
    process.stderr.write(
      `  Demo investor: ${demo.email}  password: ${demo.password}\n` +
        `  Demo operator: ${demo.operatorEmail}  password: ${demo.operatorPassword}  (at /admin)\n  (kept in ${demo.file})\n`,
    );
  }
}

main().catch(async (error: unknown) => {
  if (stopping) return;
  const message = error instanceof Error ? error.message : String(error);
  progress.fail(error instanceof ConfigError ? message : `Start-up failed: ${message}`);
  if (!(error instanceof ConfigError)) console.error(error);
  await stop(1);
});

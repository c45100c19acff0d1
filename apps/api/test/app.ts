import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { buildApp, type App, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createMailQueue, registerMailJob } from '../src/jobs/mail.job.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createMailer } from '../src/lib/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { createOutboxReader, type OutboxReader } from './outbox.ts';

/** A clock the test moves by hand. */
export type TestClock = Clock & { advance: (ms: number) => void };

export function createTestClock(start = new Date()): TestClock {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

export type TestApp = {
  app: App;
  /** The job queue the app's mail goes through; tests register other jobs on it too. */
  boss: PgBoss;
  config: Config;
  database: TestDatabase;
  dependencies: AppDependencies;
  outbox: OutboxReader;
  close: () => Promise<void>;
};

/**
 * The real app on its own fresh database, with the real job queue delivering mail into a
 * temporary outbox, for `app.inject()` tests.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock; references?: () => string } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-app-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const boss = new PgBoss({ connectionString: database.url, useListenNotify: true, max: 3 });
  // As the server's queue does (jobs/boss.ts): an error event with no listener would be thrown, and
  // dropping the database at close cuts the queue's connections off.
  let closing = false;
  boss.on('error', (error) => {
    if (!closing) console.error('job queue error', error);
  });
  await boss.start();
  await registerMailJob(
    boss,
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.mailOutboxDir,
      log: { info: () => undefined },
    }),
  );
  const dependencies: AppDependencies = {
    config,
    db: database.db,
    mail: createMailQueue(boss),
    appSecret: randomBytes(32).toString('hex'),
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.references ? { references: options.references } : {}),
  };
  const app = await buildApp(dependencies);
  await app.ready();
  return {
    app,
    boss,
    config,
    database,
    dependencies,
    outbox: createOutboxReader(config.mailOutboxDir),
    close: async () => {
      closing = true;
      await app.close();
      await boss.stop({ graceful: false, close: true });
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

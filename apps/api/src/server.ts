import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { startJobQueue } from './jobs/boss.ts';
import { registerMailJob } from './jobs/mail.job.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { createProgress } from './lib/progress.ts';
import { seedReferenceData, syncPlatformSettings } from './seed/reference.ts';

const progress = createProgress();
let embedded: EmbeddedPostgres | undefined;

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, database: 'itrust', onProgress: progress.step });
  }
  const databaseUrl = config.databaseUrl ?? embedded?.url ?? '';
  const db = createDatabase(databaseUrl);

  progress.step('Applying database migrations');
  await runMigrations(db);
  await seedReferenceData(db, progress.step);
  await syncPlatformSettings(db, config.platformSettingsFile);

  progress.step('Starting the API');
  const app = await buildApp({ config, db });
  const boss = await startJobQueue(databaseUrl, app.log);
  await registerMailJob(
    boss,
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.mailOutboxDir, log: app.log }),
  );
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = new URL(config.appUrl).port === String(port) ? config.appUrl : `http://${config.host}:${port}`;
  progress.done(`Itrust is ready at ${url}`);
  if (!config.isProduction) process.stderr.write(`  Mail outbox: ${url}/dev/mail   API docs: ${url}/api/docs\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await boss.stop({ graceful: true, timeout: 5_000 });
    await db.$client.end();
    await embedded?.stop();
    process.stderr.write('Itrust stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(async (error: unknown) => {
  progress.fail(
    error instanceof ConfigError
      ? error.message
      : `Start-up failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (!(error instanceof ConfigError)) console.error(error);
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});

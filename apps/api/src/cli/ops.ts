import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { createOperator, OperatorProblem } from '../modules/admin/operators.ts';

const usage = 'usage: npm run ops -- create-operator --email E --password P';

/** The running app's own PostgreSQL when it is up (its port is in postmaster.pid), else a fresh start of it. */
async function databaseUrl(dataDir: string): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const secretFile = path.join(dataDir, 'postgres.secret');
  if (existsSync(pidFile) && existsSync(secretFile)) {
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
    if (pid && existsSync(`/proc/${pid}`) && port) {
      const password = readFileSync(secretFile, 'utf8').trim();
      return { url: `postgres://itrust:${encodeURIComponent(password)}@127.0.0.1:${port}/itrust` };
    }
  }
  const embedded = await startEmbeddedPostgres({ dataDir, database: 'itrust' });
  return { url: embedded.url, embedded };
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  if (positionals[0] !== 'create-operator' || !values.email || !values.password) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const { url, embedded } = config.databaseUrl
    ? { url: config.databaseUrl, embedded: undefined }
    : await databaseUrl(config.dataDir);
  const db = createDatabase(url, 2);
  try {
    await runMigrations(db);
    const id = await createOperator(db, values.email, values.password);
    console.log(
      `Created operator ${values.email} (id ${id}). It signs in at /, with a code emailed at every sign-in, and works at /admin.`,
    );
  } catch (error) {
    if (!(error instanceof OperatorProblem)) throw error;
    console.error(`No operator created: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

await main();

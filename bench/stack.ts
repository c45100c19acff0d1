import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../apps/api/src/config.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { startServerProcess } from '../apps/api/test/server-process.ts';
import { writeDataset } from './dataset.ts';
import { writeStaticPage } from './lighthouse.ts';
import { users } from './measure.ts';
import { password } from './trading-day.ts';

/** The API's start-up payment of missed savings interest would compete with the first measurements. */
async function waitForInterestCatchUp(client: pg.Client) {
  const started = performance.now();
  for (let quiet = 0; quiet < 2 && performance.now() - started < 180_000;) {
    const { rows } = await client.query<{ pending: number }>(
      `select count(*)::int as pending from pgboss.job where name = 'savings.interest' and state < 'completed'`,
    );
    quiet = rows[0]?.pending ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * What every bench measures against: the production build served by the API on its own PostgreSQL,
 * holding `BENCH_USERS` investors with a year of history, and the static page Lighthouse compares with. `stop` ends both and removes their data.
 */
export async function startBenchStack() {
  console.log('Building the production bundle…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(build.stderr);
  const webDistDir = path.join(repoRoot, 'apps/web/dist');
  await writeStaticPage(webDistDir);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-bench-'));
  const postgresLog = () => readFile(path.join(dataDir, 'db', 'postgres.log'), 'utf8').catch(() => '');
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'db'),
    database: 'itrust',
    // No timed checkpoint inside the measurements, and every autovacuum logged, to be told apart from a slow machine.
    settings: { checkpoint_timeout: '30min', log_autovacuum_min_duration: '0' },
  });
  const api = await startServerProcess(postgres.url, path.join(dataDir, 'api'), {
    WEB_DIST_DIR: webDistDir,
    MARKET_TICK_SECONDS: '5',
  });
  const stop = async () => {
    if (api.child.exitCode !== null) console.log(`The API stopped during the run:\n${api.output().slice(-3000)}`);
    await api.stop();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    console.log(`Writing ${users.toLocaleString('en-US')} investors with a year of history…`);
    const client = new pg.Client({ connectionString: postgres.url });
    client.on('error', () => undefined);
    await client.connect();
    const fixtures = await writeDataset(client, users, await hashPassword(password));
    await waitForInterestCatchUp(client);
    await client.end();
    return { build: build.stdout + build.stderr, webDistDir, postgres, api, fixtures, postgresLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

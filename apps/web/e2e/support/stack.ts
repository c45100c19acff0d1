import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { copyTemplate } from '../../../api/test/template-copy.ts';
import { appStart, pressCtrlC, waitForOutput, type RunningApp } from './server.ts';

export type Stack = {
  dataDir: string;
  app: RunningApp;
  demoPassword: string;
  operatorPassword: string;
  /** Runs SQL on the app's database, for fixtures the product has no screen for yet; returns the rows. */
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  stop: () => Promise<void>;
};

// Counts (int8) read as numbers, as the app's own database client reads them.
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);

/**
 * The app (as `npm start` runs it, see appStart) on a database of the test's own (DATABASE_URL),
 * with its data folder and the demo sign-in. The database is a copy of the run's migrated, seeded
 * template, so the app starts as on its second day rather than loading the reference data again;
 * start-and-browse covers a first start, through `npm start` itself.
 */
export async function startStack(name: string, env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `itrust-${name}-`));
  const database = await copyTemplate();
  const pool = new pg.Pool({ connectionString: database.url, max: 2, types });
  pool.on('error', () => undefined);
  const app = await appStart({ DATA_DIR: dataDir, DATABASE_URL: database.url, ...env });
  const demoPassword = (await waitForOutput(app, /Demo investor: demo@example\.com {2}password: (\S+)/))[1] ?? '';
  const operatorPassword = (await waitForOutput(app, /Demo operator: ops@example\.com {2}password: (\S+)/))[1] ?? '';
  return {
    dataDir,
    app,
    demoPassword,
    operatorPassword,
    sql: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
    stop: async () => {
      await pressCtrlC(app);
      await pool.end();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../../api/src/db/embedded-postgres.ts';
import { npmStart, pressCtrlC, waitForOutput, type RunningApp } from './server.ts';

export type Stack = {
  dataDir: string;
  app: RunningApp;
  demoPassword: string;
  operatorPassword: string;
  /** Runs SQL on the app's database, for fixtures the product has no screen for yet; answers the rows. */
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  stop: () => Promise<void>;
};

/** `npm start` on a PostgreSQL of the test's own (DATABASE_URL), with its data folder and the demo sign-in. */
export async function startStack(name: string, env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `itrust-${name}-`));
  const database: EmbeddedPostgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'db'),
    database: 'itrust',
  });
  const app = await npmStart({ DATA_DIR: dataDir, DATABASE_URL: database.url, ...env });
  const demoPassword = (await waitForOutput(app, /Demo investor: demo@example\.com {2}password: (\S+)/))[1] ?? '';
  const operatorPassword = (await waitForOutput(app, /Demo operator: ops@example\.com {2}password: (\S+)/))[1] ?? '';
  return {
    dataDir,
    app,
    demoPassword,
    operatorPassword,
    sql: async <T>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      await pressCtrlC(app);
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

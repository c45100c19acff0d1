import type pg from 'pg';
import type { Database } from '../db/client.ts';

/** Runs `work` in one transaction on one client of the pool, as pg's documentation shows it. */
export async function onOneClient<T>(db: Database, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Loads data into an empty `table`, once: under an advisory lock; false when the table held rows. */
export function seedOnce(db: Database, lock: number, table: string, load: (client: pg.PoolClient) => Promise<void>) {
  return onOneClient(db, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [lock]);
    if ((await client.query(`select 1 from ${client.escapeIdentifier(table)} limit 1`)).rowCount) return false;
    await load(client);
    return true;
  });
}

/** Rows as one array per column, for an insert from `unnest` with one array parameter per column. */
export function columns(rows: unknown[][], width = rows[0]?.length ?? 0): unknown[][] {
  return Array.from({ length: width }, (_, column) => rows.map((row) => row[column] ?? null));
}

import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Applies pending drizzle-kit migrations; an advisory lock keeps two starting processes from racing. */
export async function runMigrations(db: Database): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock(7201001)');
    await migrate(db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7201001)').catch(() => undefined);
    client.release();
  }
}

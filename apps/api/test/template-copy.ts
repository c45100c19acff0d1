import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { templateDatabase } from './template.ts';

export type DatabaseCopy = { url: string; drop: () => Promise<void> };

/**
 * A new database copied from the run's migrated, seeded template, and how to drop it. Plain pg, so
 * a browser journey that only needs the URL does not load Drizzle and the schema.
 */
export async function copyTemplate(): Promise<DatabaseCopy> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(8).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`create database ${name} template ${templateDatabase} strategy file_copy`);
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { templateDatabase } from './template.ts';

export type DatabaseCopy = { url: string; drop: () => Promise<void> };

/** Runs one statement on the test PostgreSQL's maintenance database: creating or dropping a database. */
export async function runAsAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of the test PostgreSQL's database `name`. */
export const databaseUrlOf = (name: string) => inject('postgresAdminUrl').replace(/\/postgres$/, `/${name}`);

/**
 * A new database copied from the run's migrated, seeded template, and how to drop it. Plain pg, so
 * a browser journey that only needs the URL does not load Drizzle and the schema.
 */
export async function copyTemplate(): Promise<DatabaseCopy> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  await runAsAdmin(`create database ${name} template ${templateDatabase} strategy file_copy`);
  return {
    url: databaseUrlOf(name),
    drop: () => runAsAdmin(`drop database if exists ${name} with (force)`),
  };
}

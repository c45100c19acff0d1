import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createDatabase } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrate.ts';
import { seedReferenceData } from '../src/seed/reference.ts';
import type { TestDatabase } from './database.ts';
import { databaseUrlOf, runAsAdmin } from './template-copy.ts';

/** The migrations up to, not including, `tag`: a database as an earlier release left it. */
async function migrationsBefore(tag: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'itrust-migrations-'));
  await cp(migrationsFolder, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  await writeFile(journalPath, JSON.stringify(journal));
  return copy;
}

/** A new database migrated up to, not including, `tag`, with the reference data seeded. */
export async function createDatabaseBefore(tag: string): Promise<TestDatabase> {
  const name = `upgrade_${randomBytes(8).toString('hex')}`;
  await runAsAdmin(`create database ${name}`);
  const url = databaseUrlOf(name);
  const db = createDatabase(url);
  const folder = await migrationsBefore(tag);
  await migrate(db, { migrationsFolder: folder });
  await seedReferenceData(db, () => undefined);
  return {
    url,
    db,
    drop: async () => {
      await db.$client.end();
      await runAsAdmin(`drop database if exists ${name} with (force)`);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

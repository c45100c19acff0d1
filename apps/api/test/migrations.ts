import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../src/db/migrate.ts';

/** The migrations up to, not including, `tag`: a database as an earlier release left it. */
export async function migrationsBefore(tag: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'itrust-migrations-'));
  await cp(migrationsFolder, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  await writeFile(journalPath, JSON.stringify(journal));
  return copy;
}

import { createDatabase, type Database } from '../src/db/client.ts';
import { copyTemplate } from './template-copy.ts';

export type TestDatabase = { url: string; db: Database; drop: () => Promise<void> };

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const copy = await copyTemplate();
  const db = createDatabase(copy.url);
  return {
    url: copy.url,
    db,
    drop: async () => {
      await db.$client.end();
      await copy.drop();
    },
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedMarket } from '../src/seed/market.ts';
import { syncSavingsProducts } from '../src/seed/savings-products.ts';
import { seedReferenceData, syncPlatformSettings } from '../src/seed/reference.ts';
import { templateDatabase } from './template.ts';

/** One embedded PostgreSQL for the whole run, holding a migrated and seeded template database. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-test-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    database: templateDatabase,
    // Test data is thrown away: trade durability for speed.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  const db = createDatabase(server.url);
  await runMigrations(db);
  await seedReferenceData(db, () => undefined);
  await syncPlatformSettings(db, path.join(repoRoot, 'config/platform-settings.sample.json'));
  await syncSavingsProducts(db, path.join(repoRoot, 'config/savings-products.json'));
  await seedMarket(db, { now: () => new Date() }, 20250131, () => undefined);
  const boss = new PgBoss({ connectionString: server.url });
  await boss.start();
  await boss.stop({ graceful: false });
  await db.$client.end();

  project.provide('postgresAdminUrl', server.adminUrl('postgres'));
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

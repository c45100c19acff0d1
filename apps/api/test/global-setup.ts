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

type SharedServer = { adminUrl: string; users: number; stop: () => Promise<void> };

// Each project that lists this file calls it, in the one main process: the first starts the server,
// later ones share it, and the last teardown stops it.
const shared = globalThis as typeof globalThis & { itrustTestServer?: Promise<SharedServer> };

/** One embedded PostgreSQL for the whole run, holding a migrated and seeded template database. */
export default async function setup(project: TestProject) {
  shared.itrustTestServer ??= startServer();
  const server = await shared.itrustTestServer;
  server.users += 1;
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    server.users -= 1;
    if (server.users > 0) return;
    delete shared.itrustTestServer;
    await server.stop();
  };
}

async function startServer(): Promise<SharedServer> {
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
  return {
    adminUrl: server.adminUrl('postgres'),
    users: 0,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

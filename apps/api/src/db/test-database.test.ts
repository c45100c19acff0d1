import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';

it('gives each test file its own migrated, seeded database in well under a second', async () => {
  const timings: number[] = [];
  const databases = [];
  for (let index = 0; index < 3; index += 1) {
    const started = performance.now();
    databases.push(await createTestDatabase());
    timings.push(performance.now() - started);
  }
  const [first, second] = databases;
  await first?.db.$client.query(`insert into platform_settings (key, value) values ('only_in_first', 'x')`);
  const inSecond = await second?.db.$client.query(`select 1 from platform_settings where key = 'only_in_first'`);
  const countries = await second?.db.$client.query<{ count: number }>('select count(*)::int as count from countries');
  await Promise.all(databases.map((database) => database.drop()));

  expect(inSecond?.rowCount).toBe(0);
  expect(countries?.rows[0]?.count).toBeGreaterThanOrEqual(240);
  console.info(`fresh test database copies took ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
  // The median: one copy can meet a checkpoint of the other test files' databases on this machine.
  const median = [...timings].sort((a, b) => a - b)[1] ?? Infinity;
  expect(median).toBeLessThan(1000);
});

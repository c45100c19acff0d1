import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createDatabase, hotQuery, type Database } from './client.ts';
import { platformSettings } from './schema/index.ts';

let database: TestDatabase;
let single: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: any query that left the transaction for the pool would wait for ever.
  single = createDatabase(database.url, 1);
});
afterAll(async () => {
  await single.$client.end();
  await database.drop();
});

it('runs a query made through db inside db.transaction on that transaction', async () => {
  let seen: unknown;
  const rollBack = new Error('roll back');
  await expect(
    single.transaction(async (tx) => {
      await tx.execute(sql`insert into platform_settings (key, value) values ('inside', 'yes')`);
      seen = (await single.execute(sql`select value from platform_settings where key = 'inside'`)).rows;
      throw rollBack;
    }),
  ).rejects.toBe(rollBack);
  expect(seen).toEqual([{ value: 'yes' }]);
  const { rows } = await single.execute(sql`select 1 from platform_settings where key = 'inside'`);
  expect(rows).toEqual([]);
});

it('builds a hot read once for the pool, and on the transaction inside one', async () => {
  const settingNamed = hotQuery('test_setting_named', () =>
    single
      .select()
      .from(platformSettings)
      .where(sql`${platformSettings.key} = ${sql.placeholder('key')}`),
  );
  await single.execute(sql`insert into platform_settings (key, value) values ('outside', 'committed')`);
  expect(await settingNamed({ key: 'outside' })).toEqual([{ key: 'outside', value: 'committed' }]);
  const inside = await single.transaction(async (tx) => {
    await tx.execute(sql`insert into platform_settings (key, value) values ('pending', 'uncommitted')`);
    return settingNamed({ key: 'pending' });
  });
  expect(inside).toEqual([{ key: 'pending', value: 'uncommitted' }]);
}, 15_000);

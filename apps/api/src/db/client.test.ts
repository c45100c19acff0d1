import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createDatabase, fixedStatement, hotQuery, lastBeforeCommit, placeholders, type Database } from './client.ts';
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

it('builds a fixed statement once and runs it on the executor it is given, the transaction included', async () => {
  let builds = 0;
  const insertSetting = fixedStatement<{ key: string; value: string }>('test_insert_setting', () => {
    builds += 1;
    return single
      .insert(platformSettings)
      .values(placeholders(['key', 'value']))
      .returning()
      .getSQL();
  });
  expect(await insertSetting(single, { key: 'fixed-1', value: 'one' })).toEqual([{ key: 'fixed-1', value: 'one' }]);
  const rollBack = new Error('roll back');
  await expect(
    single.transaction(async (tx) => {
      await insertSetting(tx, { key: 'fixed-2', value: 'two' });
      throw rollBack;
    }),
  ).rejects.toBe(rollBack);
  await insertSetting(single, { key: 'fixed-3', value: 'three' });
  const { rows } = await single.execute(sql`select key from platform_settings where key like 'fixed-%' order by key`);
  expect(rows).toEqual([{ key: 'fixed-1' }, { key: 'fixed-3' }]);
  expect(builds).toBe(1);
  await expect(insertSetting(single, { key: 'fixed-4' })).rejects.toThrow('No value for placeholder "value"');
}, 15_000);

it('undoes the whole transaction when its last statement, sent with the COMMIT behind it, fails', async () => {
  let last: Promise<unknown> | undefined;
  await single.transaction(async (tx) => {
    await tx.execute(sql`insert into platform_settings (key, value) values ('before-last', 'written')`);
    last = lastBeforeCommit(sql`select 1 / 0`);
  });
  await expect(last).rejects.toMatchObject({ code: '22012' });
  const { rows } = await single.execute(sql`select 1 from platform_settings where key = 'before-last'`);
  expect(rows).toEqual([]);

  // The same connection then commits as usual, the last statement's answer read after the COMMIT.
  let after: Promise<unknown> | undefined;
  const sent: string[] = [];
  const watch = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      sent.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
      return query(...args);
    }) as typeof client.query;
  };
  single.$client.once('acquire', watch);
  await single.transaction(async () => {
    after = lastBeforeCommit(sql`insert into platform_settings (key, value) values ('after', 'ok')`);
    // Handed to the driver before the COMMIT can be: not left for an await to start.
    expect(sent.at(-1)).toMatch(/^insert into platform_settings/);
  });
  expect(sent.at(-1)).toBe('commit');
  await expect(after).resolves.toMatchObject({ command: 'INSERT', rowCount: 1 });
  expect((await single.execute(sql`select value from platform_settings where key = 'after'`)).rows).toEqual([
    { value: 'ok' },
  ]);
});

it('opens the transaction with a BEGIN answered at once, sent with the first statement that runs in it', async () => {
  const order: string[] = [];
  const client = await single.$client.connect();
  try {
    const begin = client.query('begin').then(() => order.push('begin'));
    const first = client.query('select $1::int as one', [1]).then((result) => {
      order.push('first');
      return result.rows;
    });
    expect(await first).toEqual([{ one: 1 }]);
    await begin;
    expect(order).toEqual(['begin', 'first']);
    expect(client.getTransactionStatus()).toBe('T');
  } finally {
    await client.query('rollback');
    client.release();
  }
});

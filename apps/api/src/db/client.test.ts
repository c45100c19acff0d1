import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createDatabase, inTransaction, preparedRows, transaction, type Database } from './client.ts';

let database: TestDatabase;
let single: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: work that left the transaction for the pool would wait for a second one.
  single = createDatabase(database.url, 1);
});
afterAll(async () => {
  await single.$client.end();
  await database.drop();
});

const valueOf = async (key: string) =>
  (await single.execute<{ value: string }>(sql`select value from platform_settings where key = ${key}`)).rows;

it("runs a transaction begun inside another's work in the caller's transaction, undone with it", async () => {
  const rollBack = new Error('roll back');
  let seen: unknown;
  await expect(
    transaction(single, async (outer) => {
      await outer.execute(sql`insert into platform_settings (key, value) values ('outer', 'yes')`);
      await transaction(single, async (inner) => {
        expect(inTransaction()).toBe(true);
        await inner.execute(sql`insert into platform_settings (key, value) values ('inner', 'yes')`);
        seen = (await inner.execute(sql`select value from platform_settings where key = 'outer'`)).rows;
      });
      throw rollBack;
    }),
  ).rejects.toBe(rollBack);
  expect(seen).toEqual([{ value: 'yes' }]);
  expect(inTransaction()).toBe(false);
  expect(await valueOf('outer')).toEqual([]);
  expect(await valueOf('inner')).toEqual([]);
});

it('commits a transaction of its own when no caller opened one', async () => {
  await transaction(single, (tx) => tx.execute(sql`insert into platform_settings (key, value) values ('own', 'yes')`));
  expect(await valueOf('own')).toEqual([{ value: 'yes' }]);
});

it('fails a query loudly when no connection becomes free, instead of queueing for ever', async () => {
  // The app waits 10 s for a connection; a pool of its own that waits 1 s shows the same refusal sooner.
  const tight = createDatabase(database.url, 1, 1_000);
  const held = await tight.$client.connect();
  try {
    await expect(tight.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/timeout/i) },
    });
  } finally {
    held.release();
    await tight.$client.end();
  }
});

it("prepares a read once on its connection and runs it with each call's values", async () => {
  const read = (key: string) =>
    preparedRows<{ value: string }>(
      single,
      'setting_value',
      sql`select value from platform_settings where key = ${key}`,
    );
  await single.execute(sql`insert into platform_settings (key, value) values ('first', 'one'), ('second', 'two')`);
  expect(await read('first')).toEqual([{ value: 'one' }]);
  expect(await read('second')).toEqual([{ value: 'two' }]);
  const prepared = await single.execute<{ statement: string }>(
    sql`select statement from pg_prepared_statements where name = 'setting_value'`,
  );
  expect(prepared.rows).toHaveLength(1);
  await single.execute(sql`delete from platform_settings where key in ('first', 'second')`);
});

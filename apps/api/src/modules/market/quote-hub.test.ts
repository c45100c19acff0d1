import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { createMarketRepository } from './market.repository.ts';
import { createQuoteHub } from './quote-hub.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const errors: object[] = [];
const log = { error: (details: object) => errors.push(details) };
const hub = () => createQuoteHub(database.db, createMarketRepository(database.db), log);
/** Cuts off every other connection to the database, as a restart of PostgreSQL would. */
const cutOff = () =>
  database.db.$client.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
const listening = async () =>
  (
    await database.db.$client.query<{ count: number }>(
      `select count(*)::int from pg_stat_activity where datname = current_database() and query like 'listen %'`,
    )
  ).rows[0]?.count;

// A connection let go twice throws from inside its error event, which fails the run as an unhandled error.
it('lets its listening connection go once, whether it stops first or the connection is cut off first', async () => {
  const stoppedFirst = hub();
  await stoppedFirst.start();
  expect(await listening()).toBe(1);
  await stoppedFirst.stop();
  await cutOff();

  const cutFirst = hub();
  await cutFirst.start();
  await cutOff();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await cutFirst.stop();
  expect(await listening()).toBe(0);
  expect(errors).toEqual([]);
});

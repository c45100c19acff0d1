import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { matchingUsers } from './user-search.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // 10,000 investors: investor1@example.com, user1, "Ada Lovelace1" up to 10,000, and one with a % in her name.
  await database.db.$client.query(`insert into users (first_name, last_name, email, username, password_hash, phone,
      address, country_id, state_id, city_name, zipcode, date_of_birth, nationality_id, currency_id, experience,
      employed, terms_accepted_at)
    select case when g = 10000 then '100%' else 'Ada' end, 'Lovelace' || g, 'investor' || g || '@example.com',
      'user' || g, 'x', '+44 20 7946 0000', '1 Street', c.id, s.id, 'London', 'EC1A 1AA', '1990-01-01',
      (select id from nationalities limit 1), (select id from currencies where code = 'USD'), 'intermediate',
      'employed', now()
    from generate_series(1, 10000) g, countries c join states s on s.country_id = c.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG'`);
  // As autovacuum leaves a live table: a GIN index keeps new entries in a pending list until a vacuum.
  await database.db.$client.query('vacuum analyze users');
}, 60_000);
afterAll(() => database.drop());

const usernames = async (search: string) =>
  (await matchingUsers(database.db, search)).map((user) => user.username).sort();

it('finds investors by any part of their email, username or full name, whatever the case', async () => {
  expect(await usernames('INVESTOR4242@')).toEqual(['user4242']);
  expect(await usernames('user9999')).toEqual(['user9999']);
  const lovelace777 = ['user777', ...Array.from({ length: 10 }, (_, digit) => `user777${digit}`)];
  expect(await usernames('ada lovelace777')).toEqual(lovelace777.sort());
  expect(await usernames('nobody')).toEqual([]);
  expect(await matchingUsers(database.db, 'example.com')).toHaveLength(25);
});

it('takes %, _ and \\ as the characters they are, not as patterns', async () => {
  expect(await usernames('100%')).toEqual(['user10000']);
  expect(await usernames('user_1')).toEqual([]);
  expect(await usernames('\\')).toEqual([]);
});

// Reading every user took 8 ms at 10,000 investors and grows with each one.
it('finds a term of three or more characters through the indexes, and reads the table for a shorter one', async () => {
  /** How often `users` was read whole, and through its trigram indexes, by `runs` searches for `term`. */
  const scans = (term: string, runs = 8) =>
    database.db.transaction(async (tx) => {
      // A backend's counts not yet reported are in these too, hence the difference.
      const counts = async () =>
        (
          await tx.execute<{ table: number; trigram: number }>(sql`
            select (select pg_stat_get_xact_numscans('users'::regclass))::int as table,
              (select sum(pg_stat_get_xact_numscans(oid)) from pg_class where relname like 'users_%_trgm_idx')::int as trigram`)
        ).rows[0]!;
      const before = await counts();
      for (let run = 0; run < runs; run++) await matchingUsers(tx, term);
      const after = await counts();
      return { table: after.table - before.table, trigram: after.trigram - before.trigram };
    });
  expect(await scans('user42')).toEqual({ table: 0, trigram: 8 * 3 });
  expect(await scans('ab')).toEqual({ table: 8, trigram: 0 });
});

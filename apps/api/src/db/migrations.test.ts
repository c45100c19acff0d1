import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { createDatabaseBefore } from '../../test/migrations.ts';
import { runMigrations } from './migrate.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createDatabaseBefore('0012'));
});

afterAll(() => drop());

it('counts the stars a database already held when 0012 adds each asset’s watcher count', async () => {
  const sql = (text: string) => db.$client.query(text);
  await sql(`insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
    values ('AAA', 'Triple A', 'stocks', '2020-01-01', 0.02, 1000000, 10),
      ('BBB', 'Triple B', 'stocks', '2020-01-01', 0.02, 1000000, 10),
      ('CCC', 'Triple C', 'crypto', '2020-01-01', 0.05, 1000000, 10)`);
  await sql(`insert into users (first_name, last_name, email, username, password_hash, phone, address, country_id,
      state_id, city_name, zipcode, date_of_birth, nationality_id, currency_id, experience, employed, terms_accepted_at)
    select 'Star', 'Gazer ' || g, 'star' || g || '@example.com', 'star' || g, 'x', '+44 20 7946 0000', '1 Street',
      c.id, s.id, 'London', 'EC1A 1AA', '1990-01-01', (select id from nationalities limit 1),
      (select id from currencies where code = 'USD'), 'intermediate', 'employed', now()
    from generate_series(1, 3) g, countries c join states s on s.country_id = c.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG'`);
  // Three stars on AAA, one on BBB, none on CCC.
  await sql(`insert into watchlist_entries (user_id, asset_id)
    select u.id, a.id from users u, assets a where a.symbol = 'AAA' or (a.symbol = 'BBB' and u.username = 'star1')`);

  await runMigrations(db);

  const counts = await sql('select symbol, watchers from assets order by symbol');
  expect(counts.rows).toEqual([
    { symbol: 'AAA', watchers: 3 },
    { symbol: 'BBB', watchers: 1 },
    { symbol: 'CCC', watchers: 0 },
  ]);
  // From here the trigger keeps them.
  await sql(`delete from watchlist_entries where asset_id = (select id from assets where symbol = 'AAA')`);
  expect((await sql(`select watchers from assets where symbol = 'AAA'`)).rows).toEqual([{ watchers: 0 }]);
});

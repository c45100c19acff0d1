import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { createDatabaseBefore } from '../../test/migrations.ts';
import { runMigrations } from './migrate.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createDatabaseBefore('0027'));
});

afterAll(() => drop());

it("marks the users' own security changes a database already held when 0027 names the audit log's actors", async () => {
  const sql = (text: string) => db.$client.query(text);
  await sql(`insert into users (first_name, last_name, email, username, password_hash, phone, address, country_id,
      state_id, city_name, zipcode, date_of_birth, nationality_id, currency_id, experience, employed, terms_accepted_at)
    select 'Ada', 'Lovelace', 'ada@example.com', 'ada', 'x', '+44 20 7946 0000', '1 Street',
      c.id, s.id, 'London', 'EC1A 1AA', '1990-01-01', (select id from nationalities limit 1),
      (select id from currencies where code = 'USD'), 'intermediate', 'employed', now()
    from countries c join states s on s.country_id = c.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG'`);
  await sql(`insert into audit_log (operator_id, action, object_type, object_id, client_address)
    select id, action, 'user', id::text, '127.0.0.1' from users,
      unnest(array['deposit.approve', 'payment_method.added', 'session.revoked', 'two_fa.off']) as action`);

  await runMigrations(db);

  const entries = await sql('select action, actor_kind from audit_log order by id');
  expect(entries.rows).toEqual([
    { action: 'deposit.approve', actor_kind: 'operator' },
    { action: 'payment_method.added', actor_kind: 'user' },
    { action: 'session.revoked', actor_kind: 'user' },
    { action: 'two_fa.off', actor_kind: 'user' },
  ]);
  // The log is append-only again, and every new entry must say who made it.
  await expect(sql("update audit_log set action = 'forged'")).rejects.toThrow(/append-only/);
  await expect(
    sql(`insert into audit_log (operator_id, action, object_type, object_id, client_address)
      select id, 'kyc.approve', 'user', id::text, '127.0.0.1' from users`),
  ).rejects.toThrow(/actor_kind/);
});

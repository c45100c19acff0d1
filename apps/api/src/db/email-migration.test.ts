import { normalizeEmail } from '@itrust/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabaseBefore } from '../../test/migrations.ts';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createDatabaseBefore('0017'));
});

afterAll(() => drop());

it('stores the emails an earlier release kept as typed in their normalized form, twins left apart', async () => {
  // In order of sign-up; the earlier release compared them with lower(), which folds only ASCII.
  const accounts = [
    { username: 'ada', email: 'Ada@Example.COM', pending: 'NEW.Ada@Example.COM' },
    { username: 'elodie_caps', email: 'ÉLODIE@example.test', pending: null },
    { username: 'elodie_twin', email: 'élodie@example.test', pending: null },
    { username: 'zoe_caps', email: 'ZOË@example.test', pending: null },
    { username: 'zoe_twin', email: 'Zoë@example.test', pending: null },
    { username: 'wide', email: 'ＷＩＤＥ@example.test', pending: null },
    { username: 'sofia', email: 'ΣΟΦΙΑΣ@example.gr', pending: 'ΣΟΦΙΑΣ@EXAMPLE.COM' },
  ];
  for (const [order, account] of accounts.entries()) {
    await db.$client.query(
      `insert into users (first_name, last_name, email, pending_email, username, password_hash, phone, address,
        country_id, state_id, city_name, zipcode, date_of_birth, nationality_id, currency_id, experience, employed,
        terms_accepted_at, created_at)
      select 'Old', 'Account', $1, $2, $3, 'x', '+44 20 7946 0000', '1 Street', c.id, s.id, 'London', 'EC1A 1AA',
        '1990-01-01', (select id from nationalities limit 1), (select id from currencies where code = 'USD'),
        'intermediate', 'employed', now(), now() - make_interval(days => 10 - $4::int)
      from countries c join states s on s.country_id = c.id where c.iso_code = 'GB' and s.iso_code = 'ENG'`,
      [account.email, account.pending, account.username, order],
    );
  }

  await runMigrations(db);

  const { rows } = await db.$client.query<{ username: string; email: string; pending_email: string | null }>(
    'select username, email, pending_email from users order by created_at',
  );
  expect(rows).toEqual([
    { username: 'ada', email: 'ada@example.com', pending_email: 'new.ada@example.com' },
    // The twin already in the normalized form keeps it.
    { username: 'elodie_caps', email: 'ÉLODIE@example.test', pending_email: null },
    { username: 'elodie_twin', email: 'élodie@example.test', pending_email: null },
    // Neither is: the older one takes it.
    { username: 'zoe_caps', email: 'zoë@example.test', pending_email: null },
    { username: 'zoe_twin', email: 'Zoë@example.test', pending_email: null },
    { username: 'wide', email: 'wide@example.test', pending_email: null },
    { username: 'sofia', email: 'σοφιασ@example.gr', pending_email: 'σοφιασ@example.com' },
  ]);
  for (const row of rows.filter((row) => !['elodie_caps', 'zoe_twin'].includes(row.username)))
    expect(row.email).toBe(normalizeEmail(row.email));
});

it('folds every letter and every code point that normalizing changes as normalizeEmail does', async () => {
  const points: string[] = [];
  for (let point = 1; point <= 0x10ffff; point += 1) {
    const text = point < 0xd800 || point > 0xdfff ? String.fromCodePoint(point) : '';
    if (text && (/\p{L}/u.test(text) || normalizeEmail(text) !== text)) points.push(text);
  }
  // PostgreSQL's Unicode can be a version behind JavaScript's: letters it does not know yet are left out.
  const { rows } = await db.$client.query<{ typed: string; folded: string }>(
    `select typed, translate(normalize(lower(normalize(typed, NFKC) collate pg_unicode_fast), NFKC), 'ς', 'σ') as folded
    from unnest($1::text[]) as typed where unicode_assigned(typed)`,
    [points],
  );
  expect(rows.length).toBeGreaterThan(100_000);
  const differ = rows.filter((row) => row.folded.trim() !== normalizeEmail(row.typed));
  expect(differ.map((row) => `U+${row.typed.codePointAt(0)?.toString(16)}`)).toEqual([]);
});

import { Decimal } from 'decimal.js';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.service.ts';
import { createTradingService } from '../src/modules/trading/trading.service.ts';
import { createUsersRepository } from '../src/modules/users/users.repository.ts';
import { createDividendPayments } from '../src/modules/dividends/dividend-payments.ts';
import { dividendsBetween, exCloseOf, type DividendPayer } from '../src/modules/dividends/schedule.ts';
import { createTestClock, type TestApp } from './app.ts';
import { createJobTestApp } from './job-app.ts';
import { checkBooksAfterEach } from './ledger.ts';

export const clock = createTestClock(new Date('2026-11-30T08:00:00Z'));
const seed = 20250131;
// Set by useDividendsApp's beforeAll; the test files read them as plain names through the live binding.
export let testApp: TestApp;
export let secondPool: Database;

/** The app for the tests of paying dividends, with the books checked after each test. */
export function useDividendsApp(): void {
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ testApp, secondPool, close } = await createJobTestApp({}, clock));
  });
  checkBooksAfterEach(() => testApp.database.db);
  afterAll(() => close());
}

/** A stock of the test's own at 100 paying 3.33 % a year, quarterly: 0.8325 a share. */
export const payerOf = (symbol: string): DividendPayer => ({
  symbol,
  yearlyYield: '0.0333',
  frequency: 'quarterly',
  referencePrice: '100',
});
export const nextDividend = (payer: DividendPayer) => {
  const now = clock.now();
  const event = dividendsBetween(payer, seed, now, new Date(now.getTime() + 200 * 86_400_000)).find(
    (candidate) => exCloseOf(candidate) > now,
  );
  if (!event) throw new Error('no dividend ahead');
  return event;
};
export const payments = (payer: DividendPayer, at: Date, db: Database = testApp.database.db) =>
  createDividendPayments({
    db,
    clock: { now: () => at },
    seed,
    trading: createTradingService({ db, clock, users: createUsersRepository(db) }),
    mail: testApp.dependencies.mail,
    payers: [payer],
  });

/** `count` approved investors written in bulk, each tenth in pounds, each brokerage wallet funded with 1,000. */
export async function investors(prefix: string, count: number): Promise<{ id: string; currency: string }[]> {
  const client = testApp.database.db.$client;
  const { rows } = await client.query<{ id: string; currency: string }>(
    `insert into users (first_name, last_name, email, username, password_hash, phone, address, country_id, state_id,
       city_id, city_name, zipcode, date_of_birth, nationality_id, currency_id, experience, employed, kyc,
       terms_accepted_at, email_verified_at, created_at)
     select 'Holder', 'No ' || g, $1 || g || '@example.com', $1 || g, 'x', '+44 20 7946 0000', '1 Test Street',
       c.id, s.id, ci.id, 'London', 'EC1A 1AA', '1990-01-01', (select id from nationalities limit 1),
       (select id from currencies where code = case when g % 10 = 0 then 'GBP' else 'USD' end),
       'intermediate', 'employed', 'approved', now(), now(), now()
     from generate_series(1, $2::int) g, countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
     where c.iso_code = 'GB' and s.iso_code = 'ENG' and ci.name = 'London'
     returning id, (select code from currencies where id = currency_id) as currency`,
    [prefix, count],
  );
  await testApp.database.db.transaction(async (tx) => {
    for (const user of rows) await ledgerRepository.walletsOf(tx, user.id, user.currency);
    for (const currency of ['USD', 'GBP']) {
      const funded = rows.filter((user) => user.currency === currency);
      await ledgerRepository.post(
        tx,
        'test funding',
        null,
        [
          { account: { kind: 'deposits_clearing', currency }, amount: new Decimal(-1000 * funded.length) },
          ...funded.map((user) => ({
            account: { userId: user.id, kind: 'brokerage' as const, currency },
            amount: new Decimal(1000),
          })),
        ],
        clock.now(),
      );
    }
  });
  return rows;
}

export const balanceOf = async (userId: string) =>
  (
    await testApp.database.db.$client.query<{ balance: string }>(
      "select balance::text from ledger_accounts where user_id = $1 and kind = 'brokerage'",
      [userId],
    )
  ).rows[0]?.balance ?? '0';

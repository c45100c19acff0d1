import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { timeframes } from './net-worth-range.ts';

let testApp: TestApp;
let user: SignedUpUser;

/**
 * A user two years into heavy use, written in bulk: 50,000 transfers between cash and brokerage
 * and 500 positions (300 open, 200 closed) over 20 stocks, each through balanced journals, so
 * more than 100,000 ledger entries; the hourly movements come from the same trigger as always.
 */
beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', DEPOSIT_BANK_MAX: '10000000' });
  const db = testApp.database.db;
  user = await signUp(testApp, { verified: true });
  const wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), testApp.config.limits);
  const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('2000000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(user.id, { amount: new Decimal('1000000'), from: 'cash', to: 'brokerage' });
  await db.$client.query(
    `with accounts as (
       select (select id from ledger_accounts where user_id = $1 and kind = 'cash') as cash,
              (select id from ledger_accounts where user_id = $1 and kind = 'brokerage') as brokerage),
     journals as (
       insert into journal_transactions (description, created_at)
       select 'transfer', now() - interval '730 days' + g * interval '20 minutes' from generate_series(1, 50000) g
       returning id, created_at)
     insert into journal_entries (journal_id, account_id, amount, created_at)
     select j.id, side.account, side.amount, j.created_at from journals j, accounts a,
       lateral (values (a.cash, case when j.id % 2 = 0 then -10 else 10 end),
                       (a.brokerage, case when j.id % 2 = 0 then 10 else -10 end)) as side(account, amount)`,
    [user.id],
  );
  await db.$client.query(
    `with stocks as (select id, row_number() over (order by id) as n from assets where type = 'stocks' order by id limit 20),
     opened as (
       insert into positions (user_id, asset_id, wallet, status, quantity, opened_quantity, entry_price, fx_rate, cost, opened_cost, created_at, closed_at)
       select $1, s.id, 'brokerage', case when g <= 300 then 'open' else 'closed' end::position_status,
         case when g <= 300 then 1 else 0 end, 1, 100, 1, case when g <= 300 then 100 else 0 end, 100,
         now() - (g * interval '1 day'), case when g > 300 then now() - (g * interval '1 day') + interval '2 days' end
       from generate_series(1, 500) g join stocks s on s.n = 1 + g % 20
       returning id, asset_id, status, created_at, closed_at)
     insert into trades (user_id, position_id, asset_id, side, quantity, price, fx_rate, amount, created_at)
     select $1, id, asset_id, 'buy'::trade_side, 1, 100, 1, 100, created_at from opened
     union all
     select $1, id, asset_id, 'sell'::trade_side, 1, 100, 1, 100, closed_at from opened where status = 'closed'`,
    [user.id],
  );
  await db.$client.query(
    `insert into ledger_accounts (kind, currency) values ('market', 'USD') on conflict do nothing`,
  );
  // The money of those trades: 100 out of brokerage per buy, back per sale, against the market account.
  await db.$client.query(
    `with accounts as (
       select (select id from ledger_accounts where user_id = $1 and kind = 'brokerage') as brokerage,
              (select id from ledger_accounts where user_id is null and kind = 'market' and currency = 'USD') as market),
     journals as (
       insert into journal_transactions (description, created_at)
       select 'trade ' || t.side || ' ' || t.id, t.created_at from trades t where t.user_id = $1
       returning id, description, created_at)
     insert into journal_entries (journal_id, account_id, amount, created_at)
     select j.id, side.account, side.amount, j.created_at from journals j, accounts a,
       lateral (values (a.brokerage, case when j.description like 'trade buy%' then -100 else 100 end),
                       (a.market, case when j.description like 'trade buy%' then 100 else -100 end)) as side(account, amount)`,
    [user.id],
  );
  await db.$client.query(
    `update ledger_accounts a set balance = (select coalesce(sum(amount), 0) from journal_entries e where e.account_id = a.id)`,
  );
  // Analysed, as a live database's tables are: the bulk writes above left no statistics.
  await db.$client.query('analyze');
}, 120_000);
afterAll(() => testApp.close());

it('answers every timeframe for a user with over 100,000 ledger entries and 500 positions in under 100 ms', async () => {
  const { rows } = await testApp.database.db.$client.query<{ entries: number; positions: number }>(
    `select (select count(*)::int from journal_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1) as entries,
            (select count(*)::int from positions where user_id = $1) as positions`,
    [user.id],
  );
  expect(rows[0]?.entries).toBeGreaterThanOrEqual(100_000);
  expect(rows[0]?.positions).toBe(500);
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);

  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: user.email, password: user.password },
  });
  const headers = bearer(login.json().data.token);
  const medians: Record<string, number> = {};
  for (const timeframe of timeframes) {
    const times: number[] = [];
    for (let run = 0; run < 8; run += 1) {
      const started = performance.now();
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/user/analytics?timeframe=${timeframe}`,
        headers,
      });
      times.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().data.data.chart_data).length).toBeGreaterThan(90);
    }
    // The first run warms the statement plans; the median of the other seven counts.
    const sorted = times.slice(1).sort((a, b) => a - b);
    medians[timeframe] = Math.round((sorted[3] ?? 0) * 10) / 10;
  }
  console.info(`analytics medians (ms) for 100,000+ entries and 500 positions: ${JSON.stringify(medians)}`);
  for (const [timeframe, median] of Object.entries(medians)) expect(median, timeframe).toBeLessThan(100);
}, 120_000);

import { Decimal } from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/**
 * The portfolio screen's reads respond with what is committed when they arrive: a write just made,
 * through this app or by anything else on the database (another process, the market job), shows
 * in the very next read, with no wait.
 */
let testApp: TestApp;
let investor: SignedUpUser;
let assetId: number;
/** A connection of its own, as another process or a job would write. */
let elsewhere: pg.Client;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' });
  const db = testApp.database.db;
  investor = await signUp(testApp, { verified: true });
  await db.$client.query("update users set kyc = 'approved' where id = $1", [investor.id]);
  const wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), testApp.config.limits);
  const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('5000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(investor.id, { amount: new Decimal('2000'), from: 'cash', to: 'brokerage' });
  const { rows } = await db.$client.query<{ id: number }>(
    `select a.id from assets a join asset_quotes q on q.asset_id = a.id
     where a.type = 'stocks' and q.price between 10 and 500 order by a.id limit 1`,
  );
  assetId = rows[0]?.id ?? 0;
  const bought = await send('POST', '/api/user/position/store', {
    asset_id: assetId,
    quantity: '1',
    wallet: 'brokerage',
  });
  expect(bought.statusCode, bought.body).toBe(201);
  elsewhere = new pg.Client({ connectionString: testApp.database.url });
  await elsewhere.connect();
});
afterAll(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  await elsewhere.end();
  await testApp.close();
});

function send(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({ method, url, headers: bearer(investor.token), ...(payload ? { payload } : {}) });
}

async function screen() {
  const [user, analytics] = await Promise.all([
    send('GET', '/api/user?include=wallet,transactions'),
    send('GET', '/api/user/analytics?timeframe=30d'),
  ]);
  expect(user.statusCode, user.body).toBe(200);
  expect(analytics.statusCode, analytics.body).toBe(200);
  const { wallet, transactions } = user.json().data.user;
  const figures = analytics.json().data.data;
  return {
    cash: wallet.cash.balance as string,
    brokerage: wallet.brokerage.total as string,
    latest: transactions[0]?.amount as string,
    invested: figures.total_investment as string,
    deposited: figures.total_deposited as string,
    chartNow: Object.values(figures.chart_data as Record<string, string>).at(-1),
  };
}

describe('the user include and the analytics, read right after a write', () => {
  it('show a transfer made through the API', async () => {
    const before = await screen();
    const swapped = await send('POST', '/api/user/transaction/swap', { amount: '25', from: 'cash', to: 'brokerage' });
    expect(swapped.statusCode, swapped.body).toBe(201);
    const after = await screen();
    expect(new Decimal(after.cash).minus(before.cash).toFixed(2)).toBe('-25.00');
    expect(new Decimal(after.brokerage).minus(before.brokerage).toFixed(2)).toBe('25.00');
    expect(after.latest).toBe('25.00');
  });

  it('show a new price written on another connection', async () => {
    const before = await screen();
    await elsewhere.query('update asset_quotes set price = price + 100 where asset_id = $1', [assetId]);
    const after = await screen();
    expect(new Decimal(after.brokerage).minus(before.brokerage).toFixed(2)).toBe('100.00');
    expect(new Decimal(after.invested).minus(before.invested).toFixed(2)).toBe('100.00');
    expect(new Decimal(after.chartNow ?? '0').minus(before.chartNow ?? '0').toFixed(2)).toBe('100.00');
  });

  it('show a deposit approved on another connection', async () => {
    const before = await screen();
    await elsewhere.query('begin');
    const { rows } = await elsewhere.query<{ cash: number; clearing: number }>(
      `select (select id from ledger_accounts where user_id = $1 and kind = 'cash') as cash,
              (select id from ledger_accounts where user_id is null and kind = 'deposits_clearing' and currency = 'USD') as clearing`,
      [investor.id],
    );
    const { cash, clearing } = rows[0] ?? { cash: 0, clearing: 0 };
    expect(clearing).toBeGreaterThan(0);
    const journal = await elsewhere.query<{ id: number }>(
      "insert into journal_transactions (description) values ('deposit by another process') returning id",
    );
    await elsewhere.query(
      `insert into journal_entries (journal_id, account_id, amount) values ($1, $2, 10), ($1, $3, -10)`,
      [journal.rows[0]?.id, cash, clearing],
    );
    await elsewhere.query('update ledger_accounts set balance = balance + 10 where id = $1', [cash]);
    await elsewhere.query('update ledger_accounts set balance = balance - 10 where id = $1', [clearing]);
    await elsewhere.query('commit');
    const after = await screen();
    expect(new Decimal(after.cash).minus(before.cash).toFixed(2)).toBe('10.00');
    expect(new Decimal(after.chartNow ?? '0').minus(before.chartNow ?? '0').toFixed(2)).toBe('10.00');
  });
});

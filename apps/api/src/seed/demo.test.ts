import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { seedDemoMoney } from './demo-money.ts';
import { seedDemoUsers, type DemoCredentials } from './demo.ts';

let testApp: TestApp;
let demo: DemoCredentials | undefined;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const get = async (url: string) =>
  (await testApp.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json();

describe('the demo data', () => {
  it('creates the demo investor once, on a database without users, with a password that signs in', async () => {
    demo = await seedDemoUsers(testApp.database.db, testApp.config.dataDir);
    expect(demo?.email).toBe('demo@example.com');
    expect(demo?.password).toMatch(/^[a-z]+(-[a-z]+){3}$/);
    expect(await readFile(demo?.file ?? '', 'utf8')).toContain(demo?.password);
    expect(await seedDemoUsers(testApp.database.db, testApp.config.dataDir)).toBeUndefined();

    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: 'demo@example.com', password: demo?.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user).toMatchObject({
      kyc: 'approved',
      two_fa_activated_at: null,
      email_verified_at: expect.any(String),
    });
    token = signIn.json().data.token;
  });

  it('gives the demo investor a dated money and trading past that keeps the books whole', async () => {
    const now = new Date();
    await seedDemoMoney(
      testApp.database.db,
      createUsersRepository(testApp.database.db),
      testApp.config.limits,
      demo?.userId ?? '',
      now,
    );
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);

    const open = (await get('/api/user/position?include=asset')).data.positions.data;
    expect(open.map((position: { asset: { symbol: string } }) => position.asset.symbol).sort()).toEqual([
      'AAPL',
      'BTC',
      'MSFT',
    ]);
    const openedDays = open.map((position: { created_at: string }) =>
      Math.round((now.getTime() - Date.parse(position.created_at)) / 86_400_000),
    );
    expect(new Set(openedDays).size).toBe(3);
    expect(Math.max(...openedDays)).toBeGreaterThan(60);

    const history = (await get('/api/user/position/history?per_page=50')).data.positions.data;
    const sales = history.filter((trade: { type: string }) => trade.type === 'sell');
    expect(sales).toHaveLength(1);
    expect(sales[0].status).toBe('closed');
    expect(Number(sales[0].pl)).toBeGreaterThan(0);
    expect(history).toHaveLength(5);

    const { rows } = await testApp.database.db.$client.query<{ kind: string; balance: string; first: Date }>(
      `select a.kind::text, a.balance::text, min(e.created_at) as first
       from ledger_accounts a join journal_entries e on e.account_id = a.id
       where a.user_id = $1 group by a.id order by a.kind`,
      [demo?.userId],
    );
    const cash = rows.find((row) => row.kind === 'cash');
    expect(cash?.balance).toBe('94500.00');
    expect(now.getTime() - new Date(cash?.first ?? now).getTime()).toBeGreaterThan(100 * 86_400_000);
    const traded = await testApp.database.db.$client.query<{ net: string }>(
      `select (20000 - sum(amount) filter (where side = 'buy') + coalesce(sum(amount) filter (where side = 'sell'), 0))::text as net
       from trades where user_id = $1`,
      [demo?.userId],
    );
    expect(rows.find((row) => row.kind === 'brokerage')?.balance).toBe(traded.rows[0]?.net);

    const [roth, ...others] = (await get('/api/user?include=savings')).data.user.savings;
    expect(others).toEqual([]);
    expect(roth.savings_account.name).toBe('ROTH IRA');
    // About 70 days of 4.5% on 3,000 and 30 days on 5,500: a little over 46.
    expect(Number(roth.total_savings_return)).toBeGreaterThan(40);
    expect(Number(roth.total_savings_return)).toBeLessThan(50);
    expect(roth.balance).toBe((5500 + Number(roth.total_savings_return)).toFixed(2));
    const savingsHistory = (await get('/api/user/savings-accounts/history')).data.savings_history.data;
    expect(savingsHistory.map((row: { amount: string }) => row.amount)).toEqual(['2500.00', '3000.00']);
  });
});

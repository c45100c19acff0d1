import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, signUp } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createTradingService } from '../trading/trading.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { cataloguePayers, dividendsBetween, exCloseOf, payAtOf } from './schedule.ts';

const clock = createTestClock(new Date('2026-11-30T08:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp(
    { DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '1000000', TEST_HOOKS: 'on' },
    { clock },
  );
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(async () => {
  await testApp.close();
});

const get = (token: string, url: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('dividend routes', () => {
  it("lists a stock's dividends, pays through the hook, and shows income and a 'Dividend' history row", async () => {
    const payer = cataloguePayers.find((candidate) => candidate.symbol === 'KO');
    if (!payer) throw new Error('KO pays no dividend');
    const schedule = await testApp.app.inject({ method: 'GET', url: '/api/assets/KO/dividends' });
    expect(schedule.statusCode).toBe(200);
    const { upcoming } = schedule.json().data;
    expect(upcoming[0]).toMatchObject({ per_share: '0.5096', currency: 'USD' });
    const none = await testApp.app.inject({ method: 'GET', url: '/api/assets/BTC/dividends' });
    expect(none.json().data).toMatchObject({ yearly_yield: null, upcoming: [], past: [] });

    const db = testApp.database.db;
    const users = createUsersRepository(db);
    const user = await fundedInvestor(
      testApp,
      walletServiceFor(db, clock, users, testApp.config.limits),
      '500',
      'brokerage',
    );
    const { rows } = await db.$client.query<{ id: number }>("select id from assets where symbol = 'KO'");
    await createTradingService({ db, clock, users }).buy(user.id, {
      assetId: rows[0]?.id ?? 0,
      quantity: new Decimal('1.5'),
    });
    const dividend = dividendsBetween(payer, testApp.config.marketSeed, clock.now(), new Date('2027-06-01')).find(
      (event) => exCloseOf(event) > clock.now(),
    );
    if (!dividend) throw new Error('no dividend ahead');
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/dividends/run',
      payload: { at: payAtOf(dividend).toISOString() },
    });
    expect(run.json().data.paid).toBeGreaterThanOrEqual(1);
    // Income counts a payment once its pay date has come; the session is kept across the wait.
    clock.advance(payAtOf(dividend).getTime() - clock.now().getTime());
    await db.$client.query('update access_tokens set expires_at = $2 where user_id = $1', [
      user.id,
      new Date(clock.now().getTime() + 86_400_000),
    ]);

    const income = (await get(user.token, '/api/user/dividends')).json().data;
    // 1.5 × 0.5096 = 0.7644 dollars, at the user's rate.
    expect(income.payments).toEqual([
      expect.objectContaining({ symbol: 'KO', quantity: '1.50000000', wallet: 'brokerage', reinvested: false }),
    ]);
    expect(income.last_12_months).toBe(income.payments[0].amount);
    const history = (await get(user.token, '/api/user/transaction/fetch')).json().data.transactions;
    expect(history.data).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'dividend' })]));
    const csv = await get(user.token, '/api/user/transaction/export');
    expect(csv.body).toContain('Dividend');
  });

  it('turns reinvestment on with an Idempotency-Key, refuses a bad body, and keeps it per user', async () => {
    const user = await signUp(testApp, { verified: true });
    const other = await signUp(testApp, { verified: true });
    expect((await get(user.token, '/api/user/dividends/settings')).json().data).toEqual({ reinvest: false });
    const put = (payload: object, key: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/user/dividends/settings',
        headers: { ...bearer(user.token), 'idempotency-key': key },
        payload,
      });
    const bad = await put({ reinvest: 'yes' }, 'dividend-key-0');
    expect(bad.statusCode).toBe(422);
    const on = await put({ reinvest: true }, 'dividend-key-1');
    expect(on.statusCode).toBe(200);
    expect((await put({ reinvest: true }, 'dividend-key-1')).json()).toEqual(on.json());
    expect((await put({ reinvest: false }, 'dividend-key-1')).statusCode).toBe(422);
    expect((await get(user.token, '/api/user/dividends/settings')).json().data).toEqual({ reinvest: true });
    expect((await get(other.token, '/api/user/dividends/settings')).json().data).toEqual({ reinvest: false });
  });
});

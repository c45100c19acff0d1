import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, signUp } from '../../../test/fixtures.ts';
import { checkBooksAfterEach } from '../../../test/ledger.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createTradingService } from '../trading/trading.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { cataloguePayers, dividendsBetween, exCloseOf, payAtOf, type DividendEvent } from './schedule.ts';

const clock = createTestClock(new Date('2026-11-30T08:00:00Z'));
const hour = 60 * 60 * 1000;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp(
    { DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '1000000', TEST_HOOKS: 'on' },
    { clock },
  );
});
checkBooksAfterEach(() => testApp.database.db);
afterAll(async () => {
  await testApp.close();
});

const get = (token: string, url: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

/** An investor with `funds` in the brokerage wallet who has bought `quantity` of `symbol` at the test clock's time. */
async function holderOf(symbol: string, funds: string, quantity: string) {
  const db = testApp.database.db;
  const users = createUsersRepository(db);
  const user = await fundedInvestor(
    testApp,
    walletServiceFor(db, clock, users, testApp.config.limits),
    funds,
    'brokerage',
  );
  const { rows } = await db.$client.query<{ id: number }>('select id from assets where symbol = $1', [symbol]);
  await createTradingService({ db, clock, users }).buy(user.id, {
    assetId: rows[0]?.id ?? 0,
    quantity: new Decimal(quantity),
  });
  return user;
}

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

    const user = await holderOf('KO', '500', '1.5');
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
    // The clock moves to the pay date; the session is kept across the wait.
    clock.advance(payAtOf(dividend).getTime() - clock.now().getTime());
    await testApp.database.db.$client.query('update access_tokens set expires_at = $2 where user_id = $1', [
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

const ko = cataloguePayers.find((candidate) => candidate.symbol === 'KO');
/** KO's first dividend whose ex-date closes after now. */
function nextKoDividend(): DividendEvent {
  if (!ko) throw new Error('KO pays no dividend');
  const now = clock.now();
  const event = dividendsBetween(ko, testApp.config.marketSeed, now, new Date(now.getTime() + 200 * 24 * hour)).find(
    (candidate) => exCloseOf(candidate) > now,
  );
  if (!event) throw new Error('no dividend ahead');
  return event;
}
const read = (url: string, token?: string) =>
  testApp.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
/** The clock moves weeks ahead; the session is kept so the same user reads on. */
const keepSignedIn = (userId: string) =>
  testApp.database.db.$client.query('update access_tokens set expires_at = $2 where user_id = $1', [
    userId,
    new Date(clock.now().getTime() + 24 * hour),
  ]);
const payAt = (event: DividendEvent) =>
  testApp.app.inject({ method: 'POST', url: '/api/dev/dividends/run', payload: { at: payAtOf(event).toISOString() } });

describe('dividend income and the schedule around now', () => {
  it('marks an upcoming dividend whose ex-date has closed, so buying now is not taken to earn it', async () => {
    const event = nextKoDividend();
    const upcomingOf = async () =>
      ((await read('/api/assets/KO/dividends')).json().data.upcoming as { ex_date: string }[]).find(
        (candidate) => candidate.ex_date === event.exDate,
      );
    expect(await upcomingOf()).toMatchObject({ pay_date: event.payDate, ex_date_passed: false });

    clock.advance(exCloseOf(event).getTime() - clock.now().getTime() + hour);
    expect(clock.now().getTime()).toBeLessThan(payAtOf(event).getTime());
    expect(await upcomingOf()).toMatchObject({ pay_date: event.payDate, ex_date_passed: true });
  });

  it('counts a payment in an earlier currency at today’s rate', async () => {
    const db = testApp.database.db;
    const user = await holderOf('KO', '1000', '10');
    const income = async () => (await read('/api/user/dividends', user.token)).json().data;

    const first = nextKoDividend();
    expect((await payAt(first)).json().data.paid).toBeGreaterThanOrEqual(1);
    clock.advance(payAtOf(first).getTime() - clock.now().getTime() + hour);
    await keepSignedIn(user.id);
    const paid = await income();
    expect(paid.payments).toHaveLength(1);
    const dollars = paid.payments[0].amount as string;
    expect(paid).toMatchObject({ currency: 'USD', last_12_months: dollars });

    // The account now settles in pounds (the profile allows it only before money moves; older accounts
    // and operators' corrections can still hold payments in the earlier currency).
    await db.$client.query(
      `with gbp as (select id from currencies where code = 'GBP')
       update users set currency_id = (select id from gbp), display_currency_id = null where id = $1`,
      [user.id],
    );
    await db.$client.query("update ledger_accounts set currency = 'GBP' where user_id = $1", [user.id]);
    const second = nextKoDividend();
    expect((await payAt(second)).json().data.paid).toBeGreaterThanOrEqual(1);
    clock.advance(payAtOf(second).getTime() - clock.now().getTime() + hour);
    await keepSignedIn(user.id);

    const mixed = await income();
    const pounds = mixed.payments.find((payment: { currency: string }) => payment.currency === 'GBP').amount;
    const { rows: rates } = await db.$client.query<{ rate: string }>(
      "select rate::text from fx_rates where currency = 'GBP'",
    );
    const expected = new Decimal(dollars)
      .times(rates[0]?.rate ?? '')
      .plus(pounds)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toFixed(2);
    expect(mixed).toMatchObject({ currency: 'GBP', last_12_months: expected });
    expect(expected).not.toBe(new Decimal(dollars).plus(pounds).toFixed(2));
  });
});

describe('dividend income by period', () => {
  it('counts a payment dated next January in the last 12 months but not in this year, until January', async () => {
    // The first dividend, of any payer, whose ex-date is in one year and its pay date in the next.
    const now = clock.now();
    const [payer, event] =
      cataloguePayers
        .flatMap((candidate) =>
          dividendsBetween(candidate, testApp.config.marketSeed, now, new Date(now.getTime() + 3 * 366 * 24 * hour))
            .filter((found) => found.payDate.slice(0, 4) > found.exDate.slice(0, 4))
            .filter((found) => exCloseOf(found).getTime() - hour > now.getTime())
            .map((found) => [candidate, found] as const),
        )
        .sort(([, a], [, b]) => a.exDate.localeCompare(b.exDate))[0] ?? [];
    if (!payer || !event) throw new Error('no dividend paid in the year after its ex-date');
    // Bought the last hour before the ex-date closes, so this is the only dividend the holding earns.
    clock.advance(exCloseOf(event).getTime() - hour - now.getTime());
    const user = await holderOf(payer.symbol, '1000', '10');
    expect((await payAt(event)).json().data.paid).toBeGreaterThanOrEqual(1);
    const income = async () => (await read('/api/user/dividends', user.token)).json().data;

    const december = await income();
    expect(december.payments).toHaveLength(1);
    const amount = december.payments[0].amount as string;
    expect(december).toMatchObject({ this_year: '0.00', last_12_months: amount });

    clock.advance(payAtOf(event).getTime() - clock.now().getTime() + hour);
    await keepSignedIn(user.id);
    expect(await income()).toMatchObject({ this_year: amount, last_12_months: amount });

    // A year and a day after the payment, it is in neither.
    clock.advance(367 * 24 * hour);
    await keepSignedIn(user.id);
    expect(await income()).toMatchObject({ this_year: '0.00', last_12_months: '0.00' });
  });
});

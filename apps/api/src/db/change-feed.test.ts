import { Decimal } from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFreshApp, createTestApp, createTestClock, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { dataQueries, watchQueries } from '../../test/query-log.ts';
import type { App } from '../app.ts';
import { walletServiceFor, type WalletService } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { createChangeFeed } from './change-feed.ts';
import { createKeptByUser } from './kept-by-user.ts';

/**
 * What a process keeps per user (sessions, the user include) against the same answers read afresh:
 * after a change made through the API, through the app's database in the same process, or by a
 * client the app does not know of, a kept answer is never served stale.
 */
let testApp: TestApp;
/** The same app on the same database, keeping nothing: every answer read afresh. */
let fresh: App;
let wallet: WalletService;
let investor: SignedUpUser;
let outsider: pg.Client;

const include =
  '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount';

const get = async (app: App, token: string, url = include) => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.body };
};

/** The kept app's answer, which must be the fresh app's; its analytics too (one clock: the chart ends now). */
async function expectFresh(token = investor.token) {
  for (const url of ['/api/user/analytics?timeframe=30d', '/api/user/analytics?timeframe=1d'])
    expect(await get(testApp.app, token, url)).toEqual(await get(fresh, token, url));
  const kept = await get(testApp.app, token);
  expect(kept).toEqual(await get(fresh, token));
  return kept;
}

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock: createTestClock() });
  fresh = await createFreshApp(testApp);
  wallet = walletServiceFor(
    testApp.database.db,
    { now: () => new Date() },
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  investor = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [investor.id]);
  const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('1000'), mode: 'bank' });
  if (deposit) await wallet.approve(deposit.id);
  outsider = new pg.Client({ connectionString: testApp.database.url });
  await outsider.connect();
});

afterAll(async () => {
  await outsider.end();
  await fresh.close();
  await testApp.close();
});

describe('answers kept per user', () => {
  it('answers a warm user include and analytics without a statement, the same as a fresh read', async () => {
    await expectFresh();
    const queries = watchQueries(testApp.database.db);
    for (const url of [include, '/api/user/analytics?timeframe=30d']) {
      const { queries: sent } = await queries.during(() => get(testApp.app, investor.token, url));
      expect(dataQueries(sent), url).toEqual([]);
    }
  });

  it('shows a swap made through the API at once', async () => {
    await expectFresh();
    const swapped = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/transaction/swap',
      headers: bearer(investor.token),
      payload: { amount: '100', from: 'cash', to: 'brokerage' },
    });
    expect(swapped.statusCode).toBe(201);
    const { body } = await expectFresh();
    expect(JSON.parse(body).data.user.wallet.brokerage.balance).toBe('100.00');
  });

  it('shows at once what the same process wrote outside a request', async () => {
    await expectFresh();
    await wallet.swap(investor.id, { amount: new Decimal('50'), from: 'brokerage', to: 'cash' });
    const { body } = await expectFresh();
    expect(JSON.parse(body).data.user.wallet.brokerage.balance).toBe('50.00');
    // A deposit moves the analytics' totals and the chart's last point.
    const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('250'), mode: 'bank' });
    if (deposit) await wallet.approve(deposit.id);
    await expectFresh();
    const analytics = await get(testApp.app, investor.token, '/api/user/analytics?timeframe=30d');
    expect(JSON.parse(analytics.body).data.data.total_deposited).toBe('1250.00');
  });

  it('values a position at the prices of the moment, however they change', async () => {
    const { rows } = await outsider.query<{ id: number }>(
      `select a.id from assets a join asset_quotes q on q.asset_id = a.id
       where a.type = 'stocks' and q.price < 40 order by a.id limit 1`,
    );
    const assetId = rows[0]?.id;
    const bought = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/position/store',
      headers: bearer(investor.token),
      payload: { asset_id: assetId, quantity: '0.12345678', wallet: 'brokerage' },
    });
    expect(bought.statusCode).toBe(201);
    await expectFresh();
    // Through the app's database (as a tick writes them), then by a client the app does not know of.
    await testApp.database.db.$client.query(
      'update asset_quotes set price = price * 1.0123456789, previous_close = price where asset_id = $1',
      [assetId],
    );
    const { body } = await expectFresh();
    expect(JSON.parse(body).data.user.wallet.brokerage['24hr_pl']).not.toBe('0.00');
    await outsider.query("update fx_rates set rate = rate * 1.1 where currency <> 'USD'");
    await outsider.query('update asset_quotes set price = price / 3 where asset_id = $1', [assetId]);
    await vi.waitFor(async () => expect((await expectFresh()).body).not.toEqual(body), { timeout: 500, interval: 20 });
  });

  it('shows within the feed’s interval what a client it does not know of wrote', async () => {
    await expectFresh();
    await outsider.query("update users set first_name = 'Changed' where id = $1", [investor.id]);
    await vi.waitFor(async () => expect(JSON.parse((await expectFresh()).body).data.user.first_name).toBe('Changed'), {
      timeout: 500,
      interval: 20,
    });
  });

  it('refuses a token at once once signed out, and within the interval once revoked elsewhere', async () => {
    const session = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { login: investor.email, password: investor.password },
      })
    ).json().data.token as string;
    expect((await get(testApp.app, session, '/api/user')).status).toBe(200);
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(session) })).statusCode,
    ).toBe(200);
    expect((await get(testApp.app, session, '/api/user')).status).toBe(401);

    expect((await get(testApp.app, investor.token, '/api/user')).status).toBe(200);
    await outsider.query('update access_tokens set revoked_at = now() where user_id = $1', [investor.id]);
    await vi.waitFor(async () => expect((await get(testApp.app, investor.token, '/api/user')).status).toBe(401), {
      timeout: 500,
      interval: 20,
    });
  });

  it('serves a kept answer at once only when no write of this process waits to be read', async () => {
    const other = await signUp(testApp, { verified: true });
    const feed = createChangeFeed(testApp.database.url);
    await feed.start();
    // The feed has read every change it was told of (a trigger's notice of a write arrives a moment after it).
    const settled = () =>
      vi.waitFor(
        async () => {
          await feed.ready('any');
          expect(feed.readyNow('any')).toBe(true);
        },
        { timeout: 2000, interval: 10 },
      );
    const touch = (userId: string) =>
      testApp.database.db.$client.query('update users set last_name = last_name where id = $1', [userId]);
    try {
      const kept = createKeptByUser<string>(feed, { scope: 'any', maxAgeMs: 60_000, maxEntries: 10 });
      await kept.answer('investor', async () => ({ userId: investor.id, value: 'kept' }));
      await settled();
      expect(kept.keptNow('investor')).toBe('kept');

      await touch(other.id);
      expect(kept.keptNow('investor')).toBeUndefined();
      await settled();
      expect(kept.keptNow('investor')).toBe('kept');

      await touch(investor.id);
      expect(kept.keptNow('investor')).toBeUndefined();
      await settled();
      expect(kept.keptNow('investor')).toBeUndefined();
    } finally {
      await feed.stop();
    }
  });

  it('serves nothing kept while its connection is gone, and keeps again once back', async () => {
    const other = await signUp(testApp, { verified: true });
    await expectFresh(other.token);
    await outsider.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'itrust change feed'",
    );
    await outsider.query("update users set last_name = 'Renamed' where id = $1", [other.id]);
    expect(JSON.parse((await expectFresh(other.token)).body).data.user.last_name).toBe('Renamed');
    await vi.waitFor(
      async () => {
        const { rows } = await outsider.query(
          "select count(*)::int as n from pg_stat_activity where application_name = 'itrust change feed'",
        );
        expect(rows[0]?.n).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 100 },
    );
    await outsider.query("update users set last_name = 'Again' where id = $1", [other.id]);
    await vi.waitFor(
      async () => expect(JSON.parse((await expectFresh(other.token)).body).data.user.last_name).toBe('Again'),
      { timeout: 500, interval: 20 },
    );
  });
});

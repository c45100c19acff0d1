import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signUp } from '../../../test/fixtures.ts';
import { seedDemoMoney } from '../../seed/demo-money.ts';
import { seedDemoUsers } from '../../seed/demo.ts';
import { systemClock } from '../../lib/clock.ts';
import { runTick } from '../market/tick.ts';
import { createUsersRepository } from '../users/users.repository.ts';

/**
 * Every range of the net-worth chart ends at the net worth of the wallets, to the cent (issue 41):
 * on the demo investor's past (deposits, trades, savings with interest, a pending withdrawal), as
 * read right after, before and after the market moves.
 */
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const demo = await seedDemoUsers(db, testApp.config.dataDir);
  if (!demo) throw new Error('the demo investor was not created');
  await seedDemoMoney(db, createUsersRepository(db), testApp.config.limits, demo.userId, new Date());
  const signIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: demo.email, password: demo.password },
  });
  token = signIn.json().data.token;
});
afterAll(async () => {
  await testApp.close();
});

/** The wallets' net worth and the last point of every range, read one after the other. */
async function endsOf(bearerToken = token) {
  const get = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(bearerToken) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const ends: Record<string, string> = {};
  for (const range of ['1d', '7d', '30d', '1yr', 'all']) {
    const chart = (await get(`/api/user/analytics?timeframe=${range}`)).data.chart_data as Record<string, string>;
    ends[range] = Object.values(chart).at(-1) ?? '';
  }
  return { netWorth: (await get('/api/user?include=wallet')).user.wallet.cash.total_networth as string, ends };
}

const allEqual = ({ netWorth, ends }: Awaited<ReturnType<typeof endsOf>>) =>
  Object.values(ends).every((end) => end === netWorth);

describe('the net-worth chart', () => {
  it('ends every range at the net worth of the wallets', async () => {
    const figures = await endsOf();
    expect(figures.ends).toEqual(
      Object.fromEntries(['1d', '7d', '30d', '1yr', 'all'].map((range) => [range, figures.netWorth])),
    );
  });

  it('does when each investing wallet rounds its half cent up', async () => {
    const user = await signUp(testApp, { verified: true });
    // 2 units at 0.0025 in each wallet: each wallet is worth 0.005, so 0.01 once rounded.
    await testApp.database.db.$client.query(
      `with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
         values ('HALF', 'Half Cent', 'crypto', '2020-01-01', 0.3, 1000, 0.0025) returning id),
       quote as (insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
         select id, 0.0025, 0.0025, 0.0025, 0.0025, 0.0025, 0, 1000, 1000, current_date, now() from asset),
       opened as (insert into positions (user_id, asset_id, wallet, status, quantity, opened_quantity, entry_price, fx_rate, cost, opened_cost, created_at)
         select $1, asset.id, wallet::account_kind, 'open', 2, 2, 0.0025, 1, 0.01, 0.01, now() - interval '2 days'
         from asset, unnest(array['auto', 'brokerage']) as wallet returning id, asset_id)
       insert into trades (user_id, position_id, asset_id, side, quantity, price, fx_rate, amount, created_at)
       select $1, id, asset_id, 'buy', 2, 0.0025, 1, 0.01, now() - interval '2 days' from opened`,
      [user.id],
    );
    const figures = await endsOf(user.token);
    expect(figures.netWorth).toBe('0.02');
    expect(allEqual(figures)).toBe(true);
  });

  it('still does once the market has moved', async () => {
    await runTick(testApp.database.db, systemClock, 11);
    expect(allEqual(await endsOf())).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer } from '../../../test/fixtures.ts';
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
async function endsOf() {
  const get = async (url: string) => {
    const answer = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
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

  it('still does once the market has moved', async () => {
    await runTick(testApp.database.db, systemClock, 11);
    expect(allEqual(await endsOf())).toBe(true);
  });
});

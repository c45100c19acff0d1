import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { announceTick, ticksChannel, writeQuotes } from '../market/tick.ts';
import { createTradingService } from '../trading/trading.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
// "Now" for this file; the history below is written at fixed distances before it.
const now = Date.UTC(2026, 5, 15, 12, 7);
const clock = createTestClock(new Date(now - 401 * day));
let testApp: TestApp;
let assetId: number;
let user: SignedUpUser;
let token: string;

/**
 * The test asset's price: 100 until 50 days ago, 120 until 2 days ago, 150 since (every bar is
 * priced by its start), and a live quote of 160 whose previous close was 150.
 */
const priceAt = (time: number) => (time < now - 50 * day ? 100 : time < now - 2 * day ? 120 : 150);

async function addBars(resolution: '5m' | '1h' | '1d', step: number, from: number) {
  await testApp.database.db.$client.query(
    `insert into price_bars (asset_id, resolution, starts_at, open, high, low, close)
     select $1, $2::bar_resolution, to_timestamp(t / 1000.0), p, p, p, p
     from unnest($3::bigint[], $4::numeric[]) as bars(t, p)`,
    [
      assetId,
      resolution,
      ...((): [number[], number[]] => {
        const times: number[] = [];
        for (let time = Math.floor(from / step) * step; time <= now; time += step) times.push(time);
        return [times, times.map(priceAt)];
      })(),
    ],
  );
}

/** A stock listed with its quote at `price` (no bars): returns its id. */
async function listedAsset(symbol: string, name: string, price: string): Promise<number> {
  const { rows } = await testApp.database.db.$client.query<{ asset_id: number }>(
    `with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
       values ($1, $2, 'stocks', '2020-01-01', 0.3, 1000000, $3) returning id)
     insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
     select id, $3, $3, $3, $3, $3, 0, 1000, 1000000, current_date, now() from asset returning asset_id`,
    [symbol, name, price],
  );
  const id = rows[0]?.asset_id;
  if (id === undefined) throw new Error(`${symbol} was not listed`);
  return id;
}

const setQuote = (price: string, previousClose: string) =>
  testApp.database.db.$client.query('update asset_quotes set price = $1, previous_close = $2 where asset_id = $3', [
    price,
    previousClose,
    assetId,
  ]);

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock });
  const db = testApp.database.db;
  assetId = await listedAsset('HIST', 'History Corp', '100');
  await addBars('1d', day, now - 500 * day);
  await addBars('1h', hour, now - 31 * day);
  await addBars('5m', 5 * minute, now - 2 * day);

  // The history, each step at its time.
  const users = createUsersRepository(db);
  const wallet = walletServiceFor(db, clock, users, testApp.config.limits);
  const trading = createTradingService({ db, clock, users });
  const at = (daysAgo: number) => clock.advance(now - daysAgo * day - clock.now().getTime());
  user = await signUp(testApp, { verified: true });
  await db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  at(400);
  const first = await wallet.requestDeposit(user.id, { amount: new Decimal('10000'), mode: 'bank' });
  await wallet.approve(first.id);
  at(200);
  await wallet.swap(user.id, { amount: new Decimal('5000'), from: 'cash', to: 'brokerage' });
  at(100);
  await setQuote('100', '100');
  const position = await trading.buy(user.id, { assetId, quantity: new Decimal('10') });
  at(3);
  await setQuote('120', '120');
  await trading.close(user.id, position.id, new Decimal('4'));
  at(5 / 24);
  const second = await wallet.requestDeposit(user.id, { amount: new Decimal('2000'), mode: 'bank' });
  await wallet.approve(second.id);
  at(0);
  await setQuote('160', '150');
  const signIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: user.email, password: user.password },
  });
  token = signIn.json().data.token;
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(async () => {
  await testApp.close();
});

const analytics = async (timeframe: string) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/user/analytics?timeframe=${timeframe}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data as Record<string, string> & { chart_data: Record<string, string> };
};
const iso = (time: number) => new Date(time).toISOString();

const chartOf = async (timeframe: string, bearerOf = token) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/user/analytics?timeframe=${timeframe}`,
    headers: bearer(bearerOf),
  });
  return response.json().data.data.chart_data as Record<string, string>;
};
/*
 * By hand: 10,000 deposited 400 days ago; 5,000 moved to brokerage 200 days ago; 10 HIST bought at
 * 100 (cost 1,000) 100 days ago; 4 sold at 120 (480) 3 days ago; 2,000 deposited 5 hours ago.
 *   before 400 days ago                   0
 *   400 … 50 days ago     9,000 + 10 × 100 = 10,000 (before the buy: 10,000 in cash and brokerage)
 *   50 … 3 days ago       9,000 + 10 × 120 = 10,200
 *   3 … 2 days ago        9,480 +  6 × 120 = 10,200
 *   2 days … 5 hours ago  9,480 +  6 × 150 = 10,380
 *   5 hours ago … now    11,480 +  6 × 150 = 12,380
 *   now                  11,480 +  6 × 160 = 12,440
 */
describe('the net-worth chart', () => {
  it('1d: a point every 15 minutes, matching the hand computation', async () => {
    const chart = (await analytics('1d')).chart_data;
    const times = Object.keys(chart);
    expect(times).toHaveLength(96 + 1);
    expect(times[0]).toBe(iso(Math.floor((now - day) / (15 * minute)) * 15 * minute + 15 * minute));
    expect(chart[iso(now - 12 * hour - 7 * minute)]).toBe('10380.00');
    expect(chart[iso(now - 3 * hour - 7 * minute)]).toBe('12380.00');
    expect(chart[iso(now)]).toBe('12440.00');
  });

  it('7d: hourly', async () => {
    const chart = (await analytics('7d')).chart_data;
    expect(Object.keys(chart)).toHaveLength(7 * 24 + 1);
    expect(chart[iso(now - 6 * day - 7 * minute)]).toBe('10200.00');
    expect(chart[iso(now - 2.5 * day - 7 * minute)]).toBe('10200.00');
    expect(chart[iso(now - 1 * day - 7 * minute)]).toBe('10380.00');
    expect(chart[iso(now)]).toBe('12440.00');
  });

  it('30d: every 6 hours', async () => {
    const chart = (await analytics('30d')).chart_data;
    expect(Object.keys(chart)).toHaveLength(30 * 4 + 1);
    const sixHours = (daysAgo: number) => iso(Math.floor((now - daysAgo * day) / (6 * hour)) * 6 * hour);
    expect(chart[sixHours(29)]).toBe('10200.00');
    expect(chart[sixHours(1)]).toBe('10380.00');
    expect(chart[iso(now)]).toBe('12440.00');
  });

  it('1yr: daily', async () => {
    const chart = (await analytics('1yr')).chart_data;
    expect(Object.keys(chart)).toHaveLength(365 + 1);
    const midnight = (daysAgo: number) => iso(Math.floor((now - daysAgo * day) / day) * day);
    expect(chart[midnight(364)]).toBe('10000.00');
    expect(chart[midnight(60)]).toBe('10000.00');
    expect(chart[midnight(10)]).toBe('10200.00');
    expect(chart[iso(now)]).toBe('12440.00');
  });

  it('all: daily since the first money moved, starting from nothing', async () => {
    const chart = (await analytics('all')).chart_data;
    const times = Object.keys(chart);
    expect(times.length).toBeGreaterThanOrEqual(401);
    expect(chart[times[0] ?? '']).toBe('0.00');
    expect(chart[iso(Math.floor((now - 300 * day) / day) * day)]).toBe('10000.00');
    expect(chart[iso(now)]).toBe('12440.00');
  });

  it('values the points in the bar now falls in at each tick, and keeps the earlier ones', async () => {
    const db = testApp.database.db;
    // A tick as the market job writes it: the quote, and the current bars opened at its price.
    const tick = async (price: string) => {
      const quote = { price, previousClose: '150', dayOpen: '150', dayHigh: price, dayLow: '150' };
      await writeQuotes(db, [{ assetId, ...quote, volume: '0', marketCap: '1000000' }], clock.now());
      await announceTick(db);
    };
    const pointOf = async (timeframe: string, time: number) => (await chartOf(timeframe))[iso(time)];
    try {
      // 12:16: the 1d chart's 12:15 point falls in the current 5-minute bar, which no tick has opened yet.
      clock.advance(9 * minute);
      expect(await pointOf('1d', now + 8 * minute)).toBe('12380.00');
      await tick('170');
      // 11,480 in cash and 6 × 170.
      expect(await pointOf('1d', now + 8 * minute)).toBe('12500.00');
      // 12:21: that bar is closed; a new tick moves only the points after it.
      clock.advance(5 * minute);
      await tick('180');
      expect(await pointOf('1d', now + 14 * minute)).toBe('12560.00');
      expect(await pointOf('1d', now + 8 * minute)).toBe('12500.00');
      // 13:02: the 30d chart's 12:00 point, in the hour just closed, is valued by that hour's bar for good.
      clock.advance(41 * minute);
      await tick('190');
      expect(await pointOf('30d', now + 55 * minute)).toBe('12620.00');
    } finally {
      clock.advance(now - clock.now().getTime());
      await db.$client.query('delete from price_bars where asset_id = $1 and starts_at > $2', [assetId, new Date(now)]);
      await setQuote('160', '150');
      await db.$client.query(`notify ${ticksChannel}`);
    }
  });

  it('values a position whose asset has no bars at the latest price at every point', async () => {
    const db = testApp.database.db;
    const noBars = await listedAsset('NOBAR', 'No Bars Ltd', '50');
    const users = createUsersRepository(db);
    const holder = await signUp(testApp, { verified: true });
    await db.$client.query("update users set kyc = 'approved' where id = $1", [holder.id]);
    try {
      clock.advance(-2 * day);
      const wallet = walletServiceFor(db, clock, users, testApp.config.limits);
      const deposit = await wallet.requestDeposit(holder.id, { amount: new Decimal('1000'), mode: 'bank' });
      await wallet.approve(deposit.id);
      await wallet.swap(holder.id, { amount: new Decimal('1000'), from: 'cash', to: 'brokerage' });
      await createTradingService({ db, clock, users }).buy(holder.id, { assetId: noBars, quantity: new Decimal('2') });
    } finally {
      clock.advance(now - clock.now().getTime());
    }
    const dayAgo = iso(Math.floor((now - day) / (6 * hour)) * 6 * hour);
    expect((await chartOf('30d', holder.token))[dayAgo]).toBe('1000.00');
    await db.$client.query('update asset_quotes set price = 60 where asset_id = $1', [noBars]);
    await db.$client.query(`notify ${ticksChannel}`);
    // 900 in cash and 2 × 60, at every point since the buy.
    expect((await chartOf('30d', holder.token))[dayAgo]).toBe('1020.00');
  });

  it('refuses an unknown timeframe', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/analytics?timeframe=2d',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('the analytics fields', () => {
  it('agree with the ledger and the positions', async () => {
    const fields = await analytics('1d');
    expect(fields).toMatchObject({
      total_deposited: '12000.00',
      total_withdrawn: '0.00',
      total_investment: '960.00',
      total_investment_24hr: '60.00',
      total_savings: '0.00',
      total_savings_24hr: '0.00',
      total_savings_return: '0.00',
    });
    const { rows } = await testApp.database.db.$client.query<{ total: string }>(
      'select sum(balance)::text as total from ledger_accounts where user_id = $1',
      [user.id],
    );
    expect(new Decimal(rows[0]?.total ?? 0).plus(fields.total_investment ?? 0).toFixed(2)).toBe(
      fields.chart_data[iso(now)],
    );
  });

  it('give each wallet its total, 24-hour move and the net worth', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/user?include=wallet',
      headers: bearer(token),
    });
    expect(response.json().data.user.wallet).toMatchObject({
      cash: { balance: '7000.00', total_networth: '12440.00' },
      brokerage: { balance: '4480.00', total: '5440.00', '24hr_pl': '60.00', '24hr_pl_percentage': '1.12' },
      auto: { balance: '0.00', total: '0.00', '24hr_pl': '0.00', '24hr_pl_percentage': '0.00' },
    });
  });
});

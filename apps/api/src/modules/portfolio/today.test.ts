import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { positions } from '../../db/schema/index.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createTradingService, type TradingService } from '../trading/trading.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

/*
 * Today's move is measured per lot from the later of the previous close and its purchase (issue 41).
 * The asset: 100 yesterday, 110 a quarter of an hour ago, 120 now; it closed yesterday at 105.
 *   brokerage A: 10 bought yesterday at 100 (1,000)   today 10 × (120 − 105) = 150, in all 200
 *   brokerage B:  5 bought today at 110 (550)         today = in all = 5 × 120 − 550 = 50
 *   auto:         2 bought yesterday at 100 (200)     today 2 × 15 = 30
 *               + 3 bought today at 110 (330)         today 3 × 120 − 330 = 30
 */
const minute = 60_000;
const day = 24 * 60 * minute;
const now = Date.UTC(2026, 5, 15, 12, 0);
const clock = createTestClock(new Date(now - 2 * day));
let testApp: TestApp;
let trading: TradingService;
let assetId: number;
let user: SignedUpUser;
let token: string;

const setQuote = (price: string, previousClose: string, tradingDay: string) =>
  testApp.database.db.$client.query(
    'update asset_quotes set price = $1, previous_close = $2, trading_day = $3 where asset_id = $4',
    [price, previousClose, tradingDay, assetId],
  );
const at = (time: number) => clock.advance(time - clock.now().getTime());
const autoBuy = (quantity: string) =>
  testApp.database.db.transaction((tx) =>
    trading.buyIn(tx, user.id, 'USD', { assetId, quantity: new Decimal(quantity), wallet: 'auto' }),
  );

async function signIn() {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: user.email, password: user.password },
  });
  token = response.json().data.token;
}

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock });
  const db = testApp.database.db;
  const { rows } = await db.$client.query<{ asset_id: number }>(
    `with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
       values ('TDAY', 'Today Corp', 'stocks', '2020-01-01', 0.3, 1000000, 100) returning id)
     insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
     select id, 100, 100, 100, 100, 100, 0, 1000, 1000000, '2026-06-13', now() from asset returning asset_id`,
  );
  assetId = rows[0]?.asset_id ?? 0;
  const users = createUsersRepository(db);
  const wallet = walletServiceFor(db, clock, users, testApp.config.limits);
  trading = createTradingService({ db, clock, users });
  user = await signUp(testApp, { verified: true });
  await db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('10000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(user.id, { amount: new Decimal('3000'), from: 'cash', to: 'brokerage' });
  await wallet.swap(user.id, { amount: new Decimal('1000'), from: 'cash', to: 'auto' });

  at(now - day);
  await setQuote('100', '100', '2026-06-14');
  await trading.buy(user.id, { assetId, quantity: new Decimal('10') });
  await autoBuy('2');
  at(now - 15 * minute);
  await setQuote('110', '100', '2026-06-14');
  await trading.buy(user.id, { assetId, quantity: new Decimal('5') });
  await autoBuy('3');
  at(now);
  await setQuote('120', '105', '2026-06-15');
  await signIn();
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(async () => {
  await testApp.close();
});

type Figures = {
  /** Open positions by cost: today's P/L and percentage, and the total P/L. */
  positions: Record<string, [string, string, string]>;
  wallets: { brokerage: string; auto: string };
  analytics: string;
};

async function figuresOf(): Promise<Figures> {
  const get = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const [positions, account, analytics] = await Promise.all([
    get('/api/user/position'),
    get('/api/user?include=wallet'),
    get('/api/user/analytics?timeframe=1d'),
  ]);
  type Position = { cost: string; today_pl: string; today_pl_percentage: string; pl: string };
  return {
    positions: Object.fromEntries(
      (positions.positions.data as Position[]).map((p) => [p.cost, [p.today_pl, p.today_pl_percentage, p.pl]]),
    ),
    wallets: { brokerage: account.user.wallet.brokerage['24hr_pl'], auto: account.user.wallet.auto['24hr_pl'] },
    analytics: analytics.data.total_investment_24hr,
  };
}

/** The figures as read right after the last write. */
async function expectFigures(expected: Figures) {
  expect(await figuresOf()).toEqual(expected);
}

describe("today's move", () => {
  it('is the whole move of a lot bought today, the move since the close of an older one, and their sum for both', async () => {
    await expectFigures({
      positions: {
        '1000.00': ['150.00', '14.29', '200.00'],
        '550.00': ['50.00', '9.09', '50.00'],
        '530.00': ['60.00', '11.11', '70.00'],
      },
      wallets: { brokerage: '200.00', auto: '60.00' },
      analytics: '260.00',
    });
  });

  it('counts a sale against the oldest lots first', async () => {
    // One of the five sold at 120 (for 106 of the cost): 1 from yesterday and the 3 of today remain.
    await testApp.database.db.transaction(async (tx) => {
      const [position] = await tx
        .select()
        .from(positions)
        .where(and(eq(positions.userId, user.id), eq(positions.wallet, 'auto')))
        .for('update');
      if (!position) throw new Error('the auto position is missing');
      await trading.closeIn(tx, position, new Decimal('1'), 'rebalance');
    });
    await expectFigures({
      positions: {
        '1000.00': ['150.00', '14.29', '200.00'],
        '550.00': ['50.00', '9.09', '50.00'],
        '424.00': ['45.00', '10.34', '56.00'],
      },
      wallets: { brokerage: '200.00', auto: '45.00' },
      analytics: '245.00',
    });
  });

  it('measures every lot from the close once a new day begins', async () => {
    at(now + day);
    await setQuote('126', '120', '2026-06-16');
    await signIn();
    await expectFigures({
      positions: {
        '1000.00': ['60.00', '5.00', '260.00'],
        '550.00': ['30.00', '5.00', '80.00'],
        '424.00': ['24.00', '5.00', '80.00'],
      },
      wallets: { brokerage: '90.00', auto: '24.00' },
      analytics: '114.00',
    });
  });
});

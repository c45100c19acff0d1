import { afterAll, beforeAll } from 'vitest';
import { walletServiceFor, type WalletService } from '../src/modules/ledger/wallet.service.ts';
import { createOrderFills } from '../src/modules/trading/trading.service.ts';
import { createUsersRepository } from '../src/modules/users/users.repository.ts';
import { createTestApp, createTestClock, type TestApp } from './app.ts';
import { bearer, fundedInvestor, type SignedUpUser } from './fixtures.ts';
import { checkBooksAfterEach } from './ledger.ts';

export const clock = createTestClock(new Date(Date.now() + 60_000));
// Set by useTradingApp's beforeAll; the test files read them as plain names through the live binding.
export let testApp: TestApp;
export let wallet: WalletService;
export let assetId: number;

/** The app for the tests of buying and closing positions, with the books checked after each test. */
export function useTradingApp(): void {
  beforeAll(async () => {
    testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock });
    const users = createUsersRepository(testApp.database.db);
    wallet = walletServiceFor(testApp.database.db, clock, users, testApp.config.limits);
    // A stock of our own with a price path the tests set: nothing else trades it.
    const { rows } = await testApp.database.db.$client.query(`
    with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
      values ('TEST', 'Test Corp', 'stocks', '2020-01-01', 0.3, 1000000, 100) returning id)
    insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
    select id, 100, 100, 100, 100, 100, 0, 1000, 1000000, current_date, now() from asset returning asset_id`);
    assetId = rows[0].asset_id;
  });
  checkBooksAfterEach(() => testApp.database.db);
  afterAll(() => testApp.close());
}

// The price path moves with the clock: each new price is a second later.
export const setPrice = async (price: string) => {
  clock.advance(1000);
  await testApp.database.db.$client.query('update asset_quotes set price = $1 where asset_id = $2', [price, assetId]);
};
export const post = (
  user: SignedUpUser,
  url: string,
  payload: Record<string, unknown>,
  method: 'POST' | 'PUT' = 'POST',
) => testApp.app.inject({ method, url, headers: bearer(user.token), payload });
export const brokerage = async (user: SignedUpUser) => (await wallet.wallets(user.id)).brokerage;

export const fillOrders = () =>
  createOrderFills({
    db: testApp.database.db,
    clock,
    users: createUsersRepository(testApp.database.db),
  }).fillTriggered();
export const trader = (funds: string): Promise<SignedUpUser> => fundedInvestor(testApp, wallet, funds, 'brokerage');

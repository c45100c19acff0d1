import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

const clock = createTestClock(new Date(Date.now() + 60_000));
let testApp: TestApp;
let wallet: WalletService;
const ids: Record<string, number> = {};

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock });
  wallet = walletServiceFor(
    testApp.database.db,
    clock,
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  // Two stocks of our own, with prices the tests set: nothing else trades them.
  for (const symbol of ['HISTA', 'HISTB']) {
    const { rows } = await testApp.database.db.$client.query(
      `with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
        values ($1, $1 || ' Corp', 'stocks', '2020-01-01', 0.3, 1000000, 100) returning id)
      insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
      select id, 100, 100, 100, 100, 100, 0, 1000, 1000000, current_date, now() from asset returning asset_id`,
      [symbol],
    );
    ids[symbol] = rows[0].asset_id;
  }
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

const setPrice = async (symbol: string, price: string) => {
  clock.advance(1000);
  await testApp.database.db.$client.query('update asset_quotes set price = $1 where asset_id = $2', [
    price,
    ids[symbol],
  ]);
};
const get = (user: SignedUpUser, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const history = async (user: SignedUpUser, query = '') =>
  (await get(user, `/api/user/position/history${query}`)).json().data.positions;
const buy = async (user: SignedUpUser, symbol: string, quantity: string) => {
  clock.advance(1000);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/position/store',
    headers: bearer(user.token),
    payload: { asset_id: ids[symbol], quantity, wallet: 'brokerage' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.position.id as string;
};
const sell = async (user: SignedUpUser, positionId: string, quantity: string) => {
  clock.advance(1000);
  const response = await testApp.app.inject({
    method: 'PUT',
    url: `/api/user/position/close/${positionId}`,
    headers: bearer(user.token),
    payload: { quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const trader = (funds: string): Promise<SignedUpUser> => fundedInvestor(testApp, wallet, funds, 'brokerage');

type Row = {
  type: string;
  asset: { symbol: string };
  amount: string;
  pl: string;
  pl_percentage: string;
  status: string;
};

describe('one asset’s trade history', () => {
  it('answers only the trades of the asset asked for, counted and paged on the server', async () => {
    await setPrice('HISTA', '100');
    await setPrice('HISTB', '100');
    const user = await trader('10000');
    const first = await buy(user, 'HISTA', '2');
    await buy(user, 'HISTB', '3');
    await buy(user, 'HISTA', '1');
    await sell(user, first, '1');
    // Another investor's trades of the same asset are never among them.
    await buy(await trader('1000'), 'HISTA', '1');

    const ofA = await history(user, '?filter[symbol]=hista');
    expect(ofA.total).toBe(3);
    expect(ofA.data.map((row: Row) => `${row.type} ${row.asset.symbol}`)).toEqual([
      'sell HISTA',
      'buy HISTA',
      'buy HISTA',
    ]);
    const ofB = await history(user, '?filter[symbol]=HISTB');
    expect(ofB.data.map((row: Row) => `${row.type} ${row.asset.symbol}`)).toEqual(['buy HISTB']);
    expect((await history(user, '?filter[symbol]=HISTA&per_page=2&page=2')).data).toHaveLength(1);
    expect((await history(user, '?filter[symbol]=NOPE')).total).toBe(0);
    expect((await history(user)).total).toBe(4);
  });

  it('refuses an empty symbol with a 422 naming the field', async () => {
    const user = await trader('10');
    const response = await get(user, '/api/user/position/history?filter[symbol]=%20');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', errors: { 'filter[symbol]': expect.any(Array) } });
  });
});

describe('the P/L of a buy still open', () => {
  it('is its position’s P/L at the current price, as open positions show it; a closed buy keeps its own', async () => {
    await setPrice('HISTA', '100');
    const user = await trader('10000');
    const kept = await buy(user, 'HISTA', '10');
    const closed = await buy(user, 'HISTA', '5');
    await setPrice('HISTA', '110.005');
    await sell(user, closed, '5');
    await sell(user, kept, '4');
    await setPrice('HISTA', '120');

    const rows: Row[] = (await history(user, '?filter[symbol]=HISTA')).data;
    const position = (await get(user, '/api/user/position?filter[symbol]=HISTA')).json().data.positions.data[0];
    // Newest first: the buy closed in full, then the one still open.
    const [closedBuy, openBuy] = rows.filter((row) => row.type === 'buy');
    // Six of ten still held, bought at 100, now at 120: +120.00, 20 % of the 600.00 they cost.
    expect(position).toMatchObject({ quantity: '6.00000000', pl: '120.00', pl_percentage: '20.00' });
    expect(openBuy).toMatchObject({ status: 'open', pl: position.pl, pl_percentage: position.pl_percentage });
    expect(closedBuy).toMatchObject({ status: 'closed', pl: '0.00', pl_percentage: '0.00' });
    const sales = rows.filter((row) => row.type === 'sell').map((row) => row.pl);
    expect(sales).toEqual(['40.02', '50.02']);
  });

  it('shares its percentage with the position, both from the P/L before it is rounded to the cent', async () => {
    await setPrice('HISTB', '100');
    const user = await trader('10000');
    await buy(user, 'HISTB', '10');
    // -136.849 on 1,000.00: -13.6849 %, though the P/L shown, -136.85, is 13.685 % of the cost.
    await setPrice('HISTB', '86.3151');
    const [openBuy] = (await history(user, '?filter[symbol]=HISTB')).data as Row[];
    const position = (await get(user, '/api/user/position?filter[symbol]=HISTB')).json().data.positions.data[0];
    expect(position).toMatchObject({ pl: '-136.85', pl_percentage: '-13.68' });
    expect(openBuy).toMatchObject({ pl: '-136.85', pl_percentage: '-13.68' });
  });
});

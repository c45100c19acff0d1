import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestClock, type TestApp } from '../../../test/app.ts';
import { createJobTestApp } from '../../../test/job-app.ts';
import { bearer, fundedInvestor, listedStock, type SignedUpUser } from '../../../test/fixtures.ts';
import { checkBooksAfterEach } from '../../../test/ledger.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import { createOrderFills } from '../trading/trading.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createSplitApplier } from './split-apply.ts';

// Friday 27 November 2026; the splits of these tests take effect on Monday 30 November.
const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
const effectiveAt = new Date('2026-11-30T00:05:00Z');
let testApp: TestApp;
let wallet: WalletService;
let assetId: number;
let symbol: string;
let assets = 0;
let secondPool: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ testApp, wallet, secondPool, close } = await createJobTestApp({ DEPOSIT_BANK_MIN: '1' }, clock));
});
// Each test splits a stock of its own at 100, so the splits of other tests never touch it.
beforeEach(async () => {
  symbol = `SP${(assets += 1)}`;
  assetId = await listedStock(testApp.database.db, symbol);
});
checkBooksAfterEach(() => testApp.database.db);
afterAll(() => close());

const query = async <T extends object>(text: string, values: unknown[] = []) =>
  (await testApp.database.db.$client.query<T & Record<string, unknown>>(text, values)).rows;
const applier = (db: Database = testApp.database.db) =>
  createSplitApplier({ db, clock: { now: () => effectiveAt }, mail: testApp.dependencies.mail });
const scheduleSplit = async (to: number, from: number) =>
  query(
    `insert into splits (asset_id, ratio_to, ratio_from, effective_on, created_at) values ($1, $2, $3, '2026-11-30', now())`,
    [assetId, to, from],
  );
const trader = (funds: string) => fundedInvestor(testApp, wallet, funds, 'brokerage');
const buyNow = async (user: SignedUpUser, quantity: string) => {
  const bought = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/position/store',
    headers: bearer(user.token),
    payload: { asset_id: assetId, quantity, wallet: 'brokerage' },
  });
  expect(bought.statusCode, bought.body).toBe(201);
  return bought.json().data.position.id as string;
};
const place = async (user: SignedUpUser, order: Record<string, unknown>) => {
  const placed = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/orders',
    headers: bearer(user.token),
    payload: { asset_id: assetId, side: 'buy', type: 'limit', time_in_force: 'gtc', ...order },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data.order.id as string;
};
type Holding = {
  id: string;
  quantity: string;
  opened_quantity: string;
  reserved_quantity: string;
  entry_price: string;
  cost: string;
};
const holdings = () =>
  query<Holding>(
    `select id, quantity::text, opened_quantity::text, reserved_quantity::text, entry_price::text, cost::text
     from positions where asset_id = $1 and status = 'open' order by id`,
    [assetId],
  );
type OrderRow = {
  id: string;
  side: string;
  type: string;
  quantity: string;
  limit_price: string | null;
  stop_price: string | null;
  reserved: string;
  status: string;
};
const openOrders = () =>
  query<OrderRow>(
    `select id, side, type, quantity::text, limit_price::text, stop_price::text, reserved::text, status
     from orders where asset_id = $1 order by id`,
    [assetId],
  );
const price = async () =>
  (await query<{ price: string }>('select price::text from asset_quotes where asset_id = $1', [assetId]))[0]?.price ??
  '';
/** The brokerage wallet's positions at market value, as the portfolio shows them. */
const investedOf = async (user: SignedUpUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/user?include=wallet',
    headers: bearer(user.token),
  });
  return response.json().data.user.wallet.brokerage.total as string;
};
/** The P/L of the investor's open buy in the trade history, at the current price. */
const openBuyPlOf = async (user: SignedUpUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/user/position/history',
    headers: bearer(user.token),
  });
  return response.json().data.positions.data.find((trade: { type: string }) => trade.type === 'buy').pl as string;
};
const valueOf = (holding: Holding, at: string) => new Decimal(holding.quantity).times(at).toDecimalPlaces(2).toFixed(2);

/** Two investors, one with a fractional holding, and an open order of every kind on the stock. */
async function holdersWithOrders() {
  const first = await trader('5000');
  const second = await trader('100');
  const position = await buyNow(first, '3');
  await buyNow(second, '0.12345678');
  await place(first, { side: 'sell', position_id: position, quantity: '1', limit_price: '120' });
  await place(first, { side: 'sell', position_id: position, quantity: '0.5', type: 'stop', stop_price: '90' });
  await place(first, {
    side: 'sell',
    position_id: position,
    quantity: '0.25',
    type: 'stop_limit',
    stop_price: '85',
    limit_price: '84',
  });
  await place(first, { quantity: '2', limit_price: '95' });
  await place(first, { quantity: '1', type: 'stop', stop_price: '110' });
  await place(first, { quantity: '1.5', type: 'stop_limit', stop_price: '105', limit_price: '106' });
  return { first, second, position };
}

describe.each([
  { name: 'a 3-for-1 split', to: 3, from: 1, price: '33.3333333333' },
  { name: 'a 1-for-10 reverse split', to: 1, from: 10, price: '1000.0000000000' },
])('$name', ({ to, from, price: after }) => {
  it('keeps every holding’s cost and value and adjusts quantities, holds and open orders', async () => {
    const { first } = await holdersWithOrders();
    const before = await holdings();
    const ordersBefore = await openOrders();
    const heldBefore = (await wallet.wallets(first.id)).brokerage;
    const investedBefore = await investedOf(first);
    const buyPlBefore = await openBuyPlOf(first);
    const trades = await query('select * from trades where asset_id = $1 order by id', [assetId]);
    await query(
      `insert into price_bars (asset_id, resolution, starts_at, open, high, low, close) values ($1, '1d', '2026-11-20', 90, 101, 89, 100)`,
      [assetId],
    );
    await scheduleSplit(to, from);

    expect(await applier().applyDue()).toHaveLength(1);

    expect(await price()).toBe(after);
    const times = (value: string) =>
      new Decimal(value).times(to).div(from).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);
    const adjusted = await holdings();
    adjusted.forEach((holding, index) => {
      const was = before[index];
      if (!was) throw new Error('a holding went missing');
      expect(holding.cost).toBe(was.cost);
      expect(valueOf(holding, after)).toBe(valueOf(was, '100'));
      expect(holding.quantity).toBe(times(was.quantity));
      expect(holding.opened_quantity).toBe(times(was.opened_quantity));
      expect(holding.reserved_quantity).toBe(times(was.reserved_quantity));
      // Quantity times entry price is still the cost, to the cent.
      expect(new Decimal(holding.quantity).times(holding.entry_price).toDecimalPlaces(2).toFixed(2)).toBe(
        new Decimal(was.quantity).times(was.entry_price).toDecimalPlaces(2).toFixed(2),
      );
    });
    const ordersAfter = await openOrders();
    ordersAfter.forEach((order, index) => {
      const was = ordersBefore[index];
      if (!was) throw new Error('an order went missing');
      expect(order.status).toBe('open');
      expect(order.reserved).toBe(was.reserved);
      expect(order.quantity).toBe(times(was.quantity));
      for (const field of ['limit_price', 'stop_price'] as const) {
        const old = was[field];
        if (old === null) expect(order[field]).toBeNull();
        else
          expect(
            new Decimal(order[field] ?? 0).minus(new Decimal(old).times(from).div(to)).abs().lte('0.0000000001'),
          ).toBe(true);
      }
      // A buy can never cost more than it holds, whatever price meets its limit.
      if (order.side === 'buy' && order.limit_price)
        expect(new Decimal(order.quantity).times(order.limit_price).lte(order.reserved)).toBe(true);
    });
    const sellHeld = ordersAfter
      .filter((order) => order.side === 'sell')
      .reduce((sum, order) => sum.plus(order.quantity), new Decimal(0));
    expect(sellHeld.toFixed(8)).toBe(
      adjusted.find((holding) => holding.reserved_quantity !== '0.00000000')?.reserved_quantity,
    );
    expect((await wallet.wallets(first.id)).brokerage).toEqual(heldBefore);
    // The lots valued for the wallets and the portfolio count the split too.
    expect(await investedOf(first)).toBe(investedBefore);
    // An open buy in the history is valued with its shares as the split multiplied them.
    expect(await openBuyPlOf(first)).toBe(buyPlBefore);
    // The past is shown split-adjusted; the trades keep what was traded then.
    const chart = await testApp.app.inject({ method: 'GET', url: `/api/assets/${symbol}/history?range=all` });
    expect(chart.json().data.points).toEqual([
      {
        time: Date.parse('2026-11-20') / 1000,
        value: new Decimal(100).times(from).div(to).toDecimalPlaces(10).toFixed(10),
      },
    ]);
    expect(await query('select * from trades where asset_id = $1 order by id', [assetId])).toEqual(trades);
    expect(await testApp.outbox.waitFor(first.email, `${symbol} has split`)).toBeTruthy();
  });

  it('is applied once by two appliers at once, and an order placed before fills right after', async () => {
    const { first } = await holdersWithOrders();
    const quantities = (await holdings()).map((holding) => holding.quantity);
    await scheduleSplit(to, from);

    const [one, two] = await Promise.all([applier().applyDue(), applier(secondPool).applyDue()]);
    expect(one.length + two.length).toBe(1);
    expect(await applier().applyDue()).toEqual([]);
    const adjusted = await holdings();
    expect(adjusted.map((holding) => holding.quantity)).toEqual(
      quantities.map((quantity) =>
        new Decimal(quantity).times(to).div(from).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
      ),
    );

    // The buy limit of 2 at 95 is now 6 at 31.67 (or 0.2 at 950): the price falls to meet it.
    const buy = (await openOrders()).find((order) => order.side === 'buy' && order.type === 'limit');
    if (!buy?.limit_price) throw new Error('the buy limit order is missing');
    const meets = new Decimal(buy.limit_price).minus(new Decimal('0.01').times(from).div(to)).toFixed(4);
    await query('update asset_quotes set price = $1 where asset_id = $2', [meets, assetId]);
    const users = createUsersRepository(testApp.database.db);
    const ended = await createOrderFills({ db: testApp.database.db, clock, users }).fillTriggered();
    const filled = ended.find((order) => order.id === buy.id);
    expect(filled?.status).toBe('filled');
    expect(filled?.quantity).toBe(buy.quantity);
    expect(new Decimal(filled?.filledAmount ?? 0).lte(buy.reserved)).toBe(true);
    const [bought] = await query<{ quantity: string }>('select quantity::text from positions where id = $1', [
      filled?.positionId,
    ]);
    expect(bought?.quantity).toBe(buy.quantity);
    expect(first.id).toBe(filled?.userId);
  });
});

it('ends an order a reverse split leaves below the smallest unit, and gives its hold back', async () => {
  const user = await trader('100');
  const position = await buyNow(user, '0.5');
  await place(user, { side: 'sell', position_id: position, quantity: '0.000009', limit_price: '2000' });
  await scheduleSplit(1, 1000);
  await applier().applyDue();
  const [order] = await openOrders();
  expect(order?.status).toBe('cancelled');
  const [holding] = await holdings();
  expect(holding).toMatchObject({ quantity: '0.00050000', reserved_quantity: '0.00000000' });
});

import { orderRefusals } from '@itrust/contracts';
import { tradeRefusals } from '@itrust/contracts/trade-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestClock, type TestApp } from '../../../test/app.ts';
import { createJobTestApp } from '../../../test/job-app.ts';
import { bearer, fundedInvestor, listedStock, type SignedUpUser } from '../../../test/fixtures.ts';
import { checkBooksAfterEach } from '../../../test/ledger.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createOrderFills } from './trading.service.ts';

// A fixed day, so that day orders have a known end: 10:00 UTC.
const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
let testApp: TestApp;
let wallet: WalletService;
let assetId: number;
let assets = 0;
let secondPool: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ testApp, wallet, secondPool, close } = await createJobTestApp({ DEPOSIT_BANK_MIN: '1', TEST_HOOKS: 'on' }, clock));
});
// Each test trades a stock of its own at 100, whose price only the test moves: orders of other tests never cross.
beforeEach(async () => {
  assetId = await listedStock(testApp.database.db, `OR${(assets += 1)}`);
});
checkBooksAfterEach(() => testApp.database.db);
afterAll(() => close());

const fills = (db: Database = testApp.database.db) =>
  createOrderFills({ db, clock, users: createUsersRepository(db) }).fillTriggered();
const setPrice = (price: string) =>
  testApp.database.db.$client.query('update asset_quotes set price = $1 where asset_id = $2', [price, assetId]);
const trader = (funds: string) => fundedInvestor(testApp, wallet, funds, 'brokerage');
const place = (user: SignedUpUser, order: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/user/orders',
    headers: bearer(user.token),
    payload: { asset_id: assetId, side: 'buy', type: 'limit', time_in_force: 'gtc', ...order },
  });
const cancel = (user: SignedUpUser, id: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/user/orders/${id}`, headers: bearer(user.token) });
const brokerage = async (user: SignedUpUser) => (await wallet.wallets(user.id)).brokerage;
const ordersOf = async (user: SignedUpUser) =>
  (
    await testApp.database.db.$client.query<{ id: string; status: string; end_reason: string | null }>(
      'select id, status, end_reason from orders where user_id = $1 order by created_at',
      [user.id],
    )
  ).rows;
const buyNow = async (user: SignedUpUser, quantity: string) =>
  (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/user/position/store',
      headers: bearer(user.token),
      payload: { asset_id: assetId, quantity, wallet: 'brokerage' },
    })
  ).json().data.position.id as string;

describe('placing an order', () => {
  it('refuses bad input with a clear message and stores nothing', async () => {
    const user = await trader('1000');
    const position = await buyNow(user, '3');
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { quantity: '1', limit_price: '0' },
        'limit_price',
        'The limit price must be a positive number with at most 8 decimals.',
      ],
      [
        { quantity: '1', limit_price: '-5' },
        'limit_price',
        'The limit price must be a positive number with at most 8 decimals.',
      ],
      [{ quantity: '1', type: 'stop', stop_price: '99' }, 'stop_price', orderRefusals.stopBuyBelow('$100.00')],
      [{ quantity: '1', type: 'limit' }, 'limit_price', orderRefusals.limitRequired],
      [{ quantity: '1', type: 'stop', stop_price: '120', limit_price: '121' }, 'limit_price', orderRefusals.notForType],
      [{ amount: '800.01', limit_price: '100' }, 'quantity', tradeRefusals.insufficient],
      [{ quantity: '1', amount: '10', limit_price: '100' }, 'quantity', orderRefusals.sizeRequired],
      [
        { side: 'sell', position_id: position, quantity: '1', type: 'stop', stop_price: '101' },
        'stop_price',
        orderRefusals.stopSellAbove('$100.00'),
      ],
      [{ side: 'sell', position_id: position, quantity: '3.5', limit_price: '110' }, 'quantity', tradeRefusals.tooMuch],
      [{ side: 'sell', quantity: '1', limit_price: '110' }, 'position_id', orderRefusals.positionRequired],
    ];
    for (const [order, field, message] of refusals) {
      const refused = await place(user, order);
      expect(refused.statusCode, JSON.stringify(order)).toBe(422);
      expect(refused.json().errors[field], JSON.stringify(order)).toEqual([message]);
    }
    expect(await ordersOf(user)).toEqual([]);
    expect(await brokerage(user)).toMatchObject({ balance: '700.00', held: '0.00', available: '700.00' });

    // A sell holds its quantity: a second order, or a close, may take only what is left.
    expect(
      (await place(user, { side: 'sell', position_id: position, quantity: '2', limit_price: '110' })).statusCode,
    ).toBe(201);
    const more = await place(user, { side: 'sell', position_id: position, quantity: '1.5', limit_price: '110' });
    expect(more.json().errors.quantity).toEqual([tradeRefusals.tooMuch]);
    const close = await testApp.app.inject({
      method: 'PUT',
      url: `/api/user/position/close/${position}`,
      headers: bearer(user.token),
      payload: { quantity: '1.5' },
    });
    expect(close.json().errors.quantity).toEqual([tradeRefusals.tooMuch]);
  });

  it('accepts exactly the limit buys that fit when 50 arrive at once', async () => {
    const user = await trader('1000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => place(user, { quantity: '1', limit_price: '90' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(11);
    expect(statuses.filter((status) => status === 422)).toHaveLength(39);
    expect(await brokerage(user)).toMatchObject({ balance: '1000.00', held: '990.00', available: '10.00' });
    expect(answers.find((answer) => answer.statusCode === 201)?.json().data.order).toMatchObject({
      side: 'buy',
      type: 'limit',
      quantity: '1.00000000',
      reserved: '90.00',
      status: 'open',
      time_in_force: 'gtc',
      expires_at: '2027-02-25T10:00:00.000Z',
    });
  });
});

describe('filling', () => {
  it('fills every crossed order once at the tick price, with two processes filling at once', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => trader('1000')));
    for (const user of users)
      for (let index = 0; index < 10; index += 1)
        expect((await place(user, { quantity: '1', limit_price: String(95 - index) })).statusCode).toBe(201);
    await setPrice('95.5');
    expect(await fills()).toEqual([]);
    await setPrice('85.25');
    const [first, second] = await Promise.all([fills(), fills(secondPool)]);
    expect(first.length + second.length).toBe(100);
    const { rows } = await testApp.database.db.$client.query(
      `
      select count(*)::int as orders, count(distinct o.position_id)::int as positions,
        bool_and(o.fill_price = 85.25) as at_tick, (select count(*)::int from trades t where t.asset_id = $1) as trades
      from orders o where o.asset_id = $1 and o.status = 'filled'`,
      [assetId],
    );
    expect(rows[0]).toEqual({ orders: 100, positions: 100, at_tick: true, trades: 100 });
    for (const user of users)
      expect(await brokerage(user)).toMatchObject({ balance: '147.50', held: '0.00', available: '147.50' });
  });

  it('ends each order in one state when 50 cancels race the fill', async () => {
    const user = await trader('5000');
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1)
      ids.push((await place(user, { quantity: '0.5', limit_price: '99' })).json().data.order.id);
    await setPrice('98');
    const [cancels, filled] = await Promise.all([Promise.all(ids.map((id) => cancel(user, id))), fills(secondPool)]);
    const states = await ordersOf(user);
    const cancelled = cancels.filter((answer) => answer.statusCode === 200).length;
    expect(cancels.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    expect(cancelled + filled.length).toBe(50);
    expect(states.filter((order) => order.status === 'cancelled')).toHaveLength(cancelled);
    expect(states.filter((order) => order.status === 'filled')).toHaveLength(filled.length);
    expect(await brokerage(user)).toMatchObject({ held: '0.00', balance: (5000 - filled.length * 49).toFixed(2) });
  });
});

describe('stops, exits and time in force', () => {
  it('fills a stop at the tick past it, and a stop-limit only once the price is back within its limit', async () => {
    const user = await trader('1000');
    const stop = (await place(user, { type: 'stop', quantity: '1', stop_price: '110' })).json().data.order;
    expect(stop.reserved).toBe('115.50');
    const stopLimit = (
      await place(user, { type: 'stop_limit', quantity: '1', stop_price: '105', limit_price: '106' })
    ).json().data.order;
    await setPrice('108');
    const first = await fills();
    expect(first.map((order) => order.id)).toEqual([]);
    const triggered = await ordersOf(user);
    expect(triggered.map((order) => order.status)).toEqual(['open', 'open']);
    await setPrice('111');
    expect((await fills()).map((order) => order.id)).toEqual([stop.id]);
    await setPrice('105.5');
    expect((await fills()).map((order) => [order.id, order.fillPrice])).toEqual([[stopLimit.id, '105.5000000000']]);
    expect(await brokerage(user)).toMatchObject({ balance: (1000 - 111 - 105.5).toFixed(2), held: '0.00' });
  });

  it('cancels a stop buy whose price jumped past what it held, and mails the owner', async () => {
    const user = await trader('1000');
    await place(user, { type: 'stop', quantity: '2', stop_price: '110' });
    await setPrice('120');
    const [ended] = await createOrderFills({
      db: testApp.database.db,
      clock,
      users: createUsersRepository(testApp.database.db),
      mail: testApp.dependencies.mail,
    }).fillTriggered();
    expect(ended).toMatchObject({ status: 'cancelled', endReason: 'beyond_hold' });
    expect(await brokerage(user)).toMatchObject({ balance: '1000.00', held: '0.00' });
    const mail = await testApp.outbox.waitFor(user.email, 'order has ended');
    expect(mail.text).toContain('The price moved past the amount held for it'.toLowerCase());
  });

  it("sells at a take-profit through the position's exit order, and a full close cancels the exit", async () => {
    const user = await trader('1000');
    const buy = (tp: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/user/position/store',
        headers: bearer(user.token),
        payload: { asset_id: assetId, quantity: '2', wallet: 'brokerage', tp, sl: '90' },
      });
    const kept = (await buy('120')).json().data.position.id as string;
    clock.advance(1000);
    const closed = (await buy('130')).json().data.position.id as string;
    // Part of the first is promised to a limit sell: the take-profit sells only the rest.
    clock.advance(1000);
    await place(user, { side: 'sell', position_id: kept, quantity: '0.5', limit_price: '125' });
    await testApp.app.inject({
      method: 'PUT',
      url: `/api/user/position/close/${closed}`,
      headers: bearer(user.token),
      payload: { quantity: '2' },
    });
    const list = await testApp.app.inject({ method: 'GET', url: '/api/user/orders', headers: bearer(user.token) });
    expect(
      list
        .json()
        .data.orders.data.map((order: { type: string; status: string; end_reason: string }) => [
          order.type,
          order.status,
          order.end_reason,
        ]),
    ).toEqual([
      ['limit', 'open', null],
      ['exit', 'cancelled', 'position_closed'],
      ['exit', 'open', null],
    ]);
    await setPrice('121');
    expect((await fills()).map((order) => order.type)).toEqual(['exit']);
    const { rows } = await testApp.database.db.$client.query(
      'select status, quantity::text, reserved_quantity::text from positions where id = $1',
      [kept],
    );
    expect(rows[0]).toEqual({ status: 'open', quantity: '0.50000000', reserved_quantity: '0.50000000' });
    await setPrice('125');
    expect((await fills()).map((order) => order.type)).toEqual(['limit']);
    const [position] = (
      await testApp.database.db.$client.query('select status, close_reason from positions where id = $1', [kept])
    ).rows;
    expect(position).toEqual({ status: 'closed', close_reason: 'limit' });
  });

  it('expires day orders at 00:00 UTC and releases every hold, and keeps good-till-cancelled ones', async () => {
    const user = await trader('1000');
    const position = await buyNow(user, '2');
    const day = (await place(user, { quantity: '1', limit_price: '90', time_in_force: 'day' })).json().data.order;
    expect(day.expires_at).toBe('2026-11-28T00:00:00.000Z');
    await place(user, { side: 'sell', position_id: position, quantity: '2', limit_price: '150', time_in_force: 'day' });
    await place(user, { quantity: '1', limit_price: '80' });
    expect(await brokerage(user)).toMatchObject({ held: '170.00' });
    clock.advance(14 * 60 * 60 * 1000);
    expect((await fills()).map((order) => [order.status, order.endReason])).toEqual([
      ['expired', 'expired'],
      ['expired', 'expired'],
    ]);
    expect(await brokerage(user)).toMatchObject({ balance: '800.00', held: '80.00', available: '720.00' });
    const { rows } = await testApp.database.db.$client.query(
      'select reserved_quantity::text from positions where id = $1',
      [position],
    );
    expect(rows[0].reserved_quantity).toBe('0.00000000');
  });
});

describe('the price hook of the simulated market', () => {
  it('sets a price and fills the orders it crosses, as a tick does', async () => {
    const user = await trader('1000');
    const order = (await place(user, { quantity: '2', limit_price: '95' })).json().data.order;
    const { rows } = await testApp.database.db.$client.query('select symbol from assets where id = $1', [assetId]);
    const hook = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/market/price',
      payload: { symbol: rows[0].symbol, price: '94.5' },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const [filled] = await ordersOf(user);
    expect(filled).toEqual({ id: order.id, status: 'filled', end_reason: 'filled' });
    expect(await brokerage(user)).toMatchObject({ balance: '811.00', held: '0.00' });
  });
});

import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, listedStock, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createOrderFills } from './trading.service.ts';

/**
 * Random place, cancel and tick sequences against a plain in-memory model of the rules: after every
 * step the wallet's balance and hold, each order's state and each position's quantity and reserve
 * agree with the model.
 */
const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
let testApp: TestApp;
let wallet: WalletService;
let runs = 0;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '1000000' }, { clock });
  wallet = walletServiceFor(
    testApp.database.db,
    clock,
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

type ModelOrder = {
  id: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'stop';
  quantity: Decimal;
  price: Decimal;
  reserved: Decimal;
  /** A sell's position, named by the buy order that opened it. */
  position?: ModelPosition;
  status: 'open' | 'filled' | 'cancelled';
};
/** A position, named by the buy order whose fill opened it. */
type ModelPosition = { openedBy: string; quantity: Decimal; reserved: Decimal };
type Model = { price: Decimal; balance: Decimal; held: Decimal; orders: ModelOrder[]; positions: ModelPosition[] };

const cents = (value: Decimal, rounding: Decimal.Rounding) => value.toDecimalPlaces(2, rounding);

type Step =
  | { kind: 'buy'; type: 'limit' | 'stop'; quantity: string; offset: number }
  | { kind: 'sell'; type: 'limit' | 'stop'; pick: number; quantity: string; offset: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick'; price: number };

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('buy' as const),
      type: fc.constantFrom('limit' as const, 'stop' as const),
      quantity: fc.constantFrom('0.5', '1', '2.5'),
      offset: fc.integer({ min: 1, max: 20 }),
    }),
    fc.record({
      kind: fc.constant('sell' as const),
      type: fc.constantFrom('limit' as const, 'stop' as const),
      pick: fc.nat(),
      quantity: fc.constantFrom('0.5', '1'),
      offset: fc.integer({ min: 1, max: 20 }),
    }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('tick' as const), price: fc.integer({ min: 70, max: 130 }) }),
  ),
  { minLength: 5, maxLength: 18 },
);

async function newAsset(): Promise<number> {
  return listedStock(testApp.database.db, `MD${(runs += 1)}`);
}

/** The model's tick: each open order whose condition the price meets fills, oldest first. */
function tickModel(model: Model) {
  for (const order of model.orders.filter((candidate) => candidate.status === 'open')) {
    const { price } = model;
    const met =
      order.type === 'limit'
        ? order.side === 'buy'
          ? price.lte(order.price)
          : price.gte(order.price)
        : order.side === 'buy'
          ? price.gte(order.price)
          : price.lte(order.price);
    if (!met) continue;
    if (order.side === 'buy') {
      const cost = cents(order.quantity.times(price), Decimal.ROUND_UP);
      if (cost.gt(order.reserved)) {
        if (order.type === 'stop') [order.status, model.held] = ['cancelled', model.held.minus(order.reserved)];
        continue;
      }
      order.status = 'filled';
      model.held = model.held.minus(order.reserved);
      model.balance = model.balance.minus(cost);
      model.positions.push({ openedBy: order.id, quantity: order.quantity, reserved: new Decimal(0) });
      continue;
    }
    const { position } = order;
    if (!position) throw new Error('a sell without its position');
    order.status = 'filled';
    position.reserved = position.reserved.minus(order.quantity);
    position.quantity = position.quantity.minus(order.quantity);
    model.balance = model.balance.plus(cents(order.quantity.times(price), Decimal.ROUND_DOWN));
  }
}

const positionOf = async (buyOrderId: string) =>
  (await testApp.database.db.$client.query('select position_id from orders where id = $1', [buyOrderId])).rows[0]
    ?.position_id as string;

/** The database says what the model says: the wallet, each order's state, each position's quantity and reserve. */
async function agree(user: SignedUpUser, model: Model) {
  expect(await wallet.wallets(user.id)).toMatchObject({
    brokerage: { balance: model.balance.toFixed(2), held: model.held.toFixed(2) },
  });
  const { rows: orders } = await testApp.database.db.$client.query<{ id: string; status: string }>(
    'select id, status::text from orders where user_id = $1',
    [user.id],
  );
  expect(Object.fromEntries(orders.map((order) => [order.id, order.status]))).toEqual(
    Object.fromEntries(model.orders.map((order) => [order.id, order.status])),
  );
  for (const position of model.positions) {
    const { rows } = await testApp.database.db.$client.query(
      'select p.quantity::text, p.reserved_quantity::text from positions p join orders o on o.position_id = p.id where o.id = $1',
      [position.openedBy],
    );
    expect(rows[0]).toEqual({
      quantity: position.quantity.toFixed(8),
      reserved_quantity: position.reserved.toFixed(8),
    });
  }
}

describe('orders against a model', () => {
  it('agree with the model after every step of random place, cancel and tick sequences', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence: Step[]) => {
        const assetId = await newAsset();
        const user: SignedUpUser = await fundedInvestor(testApp, wallet, '500', 'brokerage');
        const model: Model = {
          price: new Decimal(100),
          balance: new Decimal(500),
          held: new Decimal(0),
          orders: [],
          positions: [],
        };
        const send = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
          testApp.app.inject({
            method,
            url: `/api${url}`,
            headers: bearer(user.token),
            ...(payload ? { payload } : {}),
          });
        for (const step of sequence) {
          if (step.kind === 'tick') {
            model.price = new Decimal(step.price);
            await testApp.database.db.$client.query('update asset_quotes set price = $1 where asset_id = $2', [
              step.price,
              assetId,
            ]);
            await createOrderFills({
              db: testApp.database.db,
              clock,
              users: createUsersRepository(testApp.database.db),
            }).fillTriggered();
            tickModel(model);
          } else if (step.kind === 'cancel') {
            const open = model.orders.filter((order) => order.status === 'open');
            const order = open[step.pick % Math.max(1, open.length)];
            if (!order) continue;
            expect((await send('DELETE', `/user/orders/${order.id}`)).statusCode).toBe(200);
            order.status = 'cancelled';
            if (order.position) order.position.reserved = order.position.reserved.minus(order.quantity);
            else model.held = model.held.minus(order.reserved);
          } else {
            const quantity = new Decimal(step.quantity);
            // A stop is placed on the side of the price that it waits for; a limit anywhere around it.
            const price = model.price.plus(
              (step.kind === 'buy') === (step.type === 'stop') ? step.offset : -step.offset,
            );
            const priced = { side: step.kind, type: step.type, quantity: step.quantity, time_in_force: 'gtc' };
            const priceField = step.type === 'limit' ? 'limit_price' : 'stop_price';
            if (step.kind === 'buy') {
              const margin = step.type === 'stop' ? '1.05' : '1';
              const reserved = cents(quantity.times(price).times(margin), Decimal.ROUND_UP);
              const answer = await send('POST', '/user/orders', {
                ...priced,
                asset_id: assetId,
                [priceField]: price.toString(),
              });
              const fits = reserved.lte(model.balance.minus(model.held));
              expect(answer.statusCode, answer.body).toBe(fits ? 201 : 422);
              if (!fits) continue;
              model.held = model.held.plus(reserved);
              model.orders.push({
                id: answer.json().data.order.id,
                side: 'buy',
                type: step.type,
                quantity,
                price,
                reserved,
                status: 'open',
              });
            } else {
              const open = model.positions.filter((held) => held.quantity.gt(0));
              const position = open[step.pick % Math.max(1, open.length)];
              if (!position) continue;
              const answer = await send('POST', '/user/orders', {
                ...priced,
                position_id: await positionOf(position.openedBy),
                [priceField]: price.toString(),
              });
              const fits = quantity.lte(position.quantity.minus(position.reserved));
              expect(answer.statusCode, answer.body).toBe(fits ? 201 : 422);
              if (!fits) continue;
              position.reserved = position.reserved.plus(quantity);
              const id = answer.json().data.order.id;
              model.orders.push({
                id,
                side: 'sell',
                type: step.type,
                quantity,
                price,
                reserved: new Decimal(0),
                position,
                status: 'open',
              });
            }
          }
          await agree(user, model);
        }
      }),
      { numRuns: 12 },
    );
  });
});

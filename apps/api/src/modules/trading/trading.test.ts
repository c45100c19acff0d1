import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { marketShardOf } from '../ledger/ledger.repository.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, type SignedUpUser, signUp } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { runTick } from '../market/tick.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createOrderFills } from './trading.service.ts';

const clock = createTestClock(new Date(Date.now() + 60_000));
let testApp: TestApp;
let wallet: WalletService;
let assetId: number;

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
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

// The price path moves with the clock: each new price is a second later.
const setPrice = async (price: string) => {
  clock.advance(1000);
  await testApp.database.db.$client.query('update asset_quotes set price = $1 where asset_id = $2', [price, assetId]);
};
const post = (user: SignedUpUser, url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
  testApp.app.inject({ method, url, headers: bearer(user.token), payload });
const brokerage = async (user: SignedUpUser) => (await wallet.wallets(user.id)).brokerage;

const fillOrders = () =>
  createOrderFills({
    db: testApp.database.db,
    clock,
    users: createUsersRepository(testApp.database.db),
  }).fillTriggered();
const trader = (funds: string): Promise<SignedUpUser> => fundedInvestor(testApp, wallet, funds, 'brokerage');

describe('buying', () => {
  it('succeeds with exactly the available balance, and the next buy of a cent fails', async () => {
    await setPrice('100');
    const user = await trader('1234.56');
    const exact = await post(user, '/api/user/position/store', {
      asset_id: assetId,
      quantity: '12.3456',
      wallet: 'brokerage',
    });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data.position.cost).toBe('1234.56');
    expect((await brokerage(user)).balance).toBe('0.00');
    const more = await post(user, '/api/user/position/store', {
      asset_id: assetId,
      quantity: '0.0001',
      wallet: 'brokerage',
    });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe('Insufficient balance for this amount.');
  });

  it('buys after a first, refused buy opened the wallets inside a transaction that was undone', async () => {
    await setPrice('100');
    const user = await signUp(testApp, { verified: true });
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
    const order = { asset_id: assetId, quantity: '1', wallet: 'brokerage' };
    const refused = await post(user, '/api/user/position/store', order);
    expect(refused.statusCode, refused.body).toBe(422);
    const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('150'), mode: 'bank' });
    await wallet.approve(deposit.id);
    await wallet.swap(user.id, { amount: new Decimal('150'), from: 'cash', to: 'brokerage' });
    const bought = await post(user, '/api/user/position/store', order);
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await brokerage(user)).balance).toBe('50.00');
  });

  it('moves each investor’s trades against their own one of the market accounts, and keeps the books whole', async () => {
    await setPrice('10');
    const users = await Promise.all(Array.from({ length: 6 }, () => trader('100')));
    for (const user of users) {
      const bought = await post(user, '/api/user/position/store', {
        asset_id: assetId,
        quantity: '1',
        wallet: 'brokerage',
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const { rows } = await testApp.database.db.$client.query<{ user_id: string; shard: number }>(
      `select w.user_id, m.shard from ledger_accounts w
       join journal_entries own on own.account_id = w.id
       join journal_entries other on other.journal_id = own.journal_id
       join ledger_accounts m on m.id = other.account_id and m.user_id is null and m.kind = 'market'
       where w.user_id = any($1::uuid[]) and w.kind = 'brokerage'`,
      [users.map((user) => user.id)],
    );
    expect(rows).toHaveLength(users.length);
    for (const row of rows) expect(row.shard).toBe(marketShardOf(row.user_id));
    expect(new Set(users.map((user) => marketShardOf(user.id))).size).toBeGreaterThan(1);
  });

  it('buys once for ten parallel requests with one Idempotency-Key', async () => {
    await setPrice('100');
    const user = await trader('1000.00');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/user/position/store',
          headers: { ...bearer(user.token), 'idempotency-key': 'buy-once-0001' },
          payload: { asset_id: assetId, quantity: '1', wallet: 'brokerage' },
        }),
      ),
    );
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    expect((await brokerage(user)).balance).toBe('900.00');
  });

  it('cannot overdraw with 50 parallel buys', async () => {
    await setPrice('100');
    const user = await trader('1000.00');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(user, '/api/user/position/store', { asset_id: assetId, quantity: '0.3', wallet: 'brokerage' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(33);
    expect((await brokerage(user)).balance).toBe('10.00');
  });

  it('refuses bad quantities and a user whose identity is not approved', async () => {
    const user = await trader('100');
    for (const quantity of ['0', '-1', '1.123456789', 'ten']) {
      expect(
        (await post(user, '/api/user/position/store', { asset_id: assetId, quantity, wallet: 'brokerage' })).statusCode,
        quantity,
      ).toBe(422);
    }
    const unverified = await signUp(testApp, { verified: true });
    const refused = await post(unverified, '/api/user/position/store', {
      asset_id: assetId,
      quantity: '1',
      wallet: 'brokerage',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Verify your identity before you trade.');
  });
});

describe('closing', () => {
  it('settles a partial then a full close to the cent below, with the realised profit', async () => {
    await setPrice('100');
    const user = await trader('1000.00');
    const id = (
      await post(user, '/api/user/position/store', { asset_id: assetId, quantity: '10', wallet: 'brokerage' })
    ).json().data.position.id as string;
    await setPrice('110.005');
    const part = await post(
      user,
      `/api/user/position/close/${id}`,
      { position_id: id, quantity: '3', wallet: 'brokerage' },
      'PUT',
    );
    // 3 × 110.005 is 330.015: the sale pays 330.01, never the half cent above.
    expect(part.json().data).toEqual({ proceeds: '330.01', pl: '30.01' });
    const listed = (
      await testApp.app.inject({ method: 'GET', url: '/api/user/position?include=asset', headers: bearer(user.token) })
    ).json().data.positions.data[0];
    expect(listed).toMatchObject({ quantity: '7.00000000', cost: '700.00', status: 'open', asset: { symbol: 'TEST' } });
    const tooMuch = await post(user, `/api/user/position/close/${id}`, { quantity: '7.5' }, 'PUT');
    expect(tooMuch.json().message).toBe('You cannot close more than you hold.');
    clock.advance(1000);
    const rest = await post(user, `/api/user/position/close/${id}`, { quantity: '7' }, 'PUT');
    expect(rest.json().data).toEqual({ proceeds: '770.03', pl: '70.03' });
    expect((await brokerage(user)).balance).toBe('1100.04');
    expect((await post(user, `/api/user/position/close/${id}`, { quantity: '1' }, 'PUT')).statusCode).toBe(409);
    const history = (
      await testApp.app.inject({ method: 'GET', url: '/api/user/position/history', headers: bearer(user.token) })
    ).json().data.positions.data;
    expect(history.map((row: { type: string; amount: string }) => `${row.type} ${row.amount}`)).toEqual([
      'sell 770.03',
      'sell 330.01',
      'buy 1000.00',
    ]);
  });

  it("answers 404 for another user's position", async () => {
    await setPrice('100');
    const owner = await trader('500');
    const stranger = await trader('10');
    const id = (
      await post(owner, '/api/user/position/store', { asset_id: assetId, quantity: '1', wallet: 'brokerage' })
    ).json().data.position.id as string;
    expect((await post(stranger, `/api/user/position/close/${id}`, { quantity: '1' }, 'PUT')).statusCode).toBe(404);
  });
});

describe('the open positions list', () => {
  it('filters by symbol, wallet and asset type on the server', async () => {
    await setPrice('100');
    const user = await trader('100000');
    const { rows } = await testApp.database.db.$client.query(
      "select a.id from assets a join asset_quotes q on q.asset_id = a.id where a.type = 'crypto' limit 1",
    );
    for (const [asset, quantity] of [
      [assetId, '1'],
      [assetId, '2'],
      [rows[0].id as number, '0.01'],
    ] as const)
      expect(
        (await post(user, '/api/user/position/store', { asset_id: asset, quantity, wallet: 'brokerage' })).statusCode,
      ).toBe(201);
    const list = (query: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/user/position?include=asset&${query}`,
        headers: bearer(user.token),
      });
    const symbols = async (query: string) =>
      ((await list(query)).json().data.positions.data as { asset: { symbol: string } }[]).map((p) => p.asset.symbol);
    expect(await symbols('filter[symbol]=test')).toEqual(['TEST', 'TEST']);
    expect(await symbols('filter[type]=crypto')).toHaveLength(1);
    expect(await symbols('filter[type]=stocks&filter[wallet]=brokerage')).toEqual(['TEST', 'TEST']);
    expect(await symbols('filter[wallet]=auto')).toEqual([]);
    expect(await symbols('')).toHaveLength(3);
    expect((await list('filter[type]=bonds')).statusCode).toBe(422);
  });

  it('sums every open position per asset, past the hundred a page holds, to the cent', async () => {
    await setPrice('10');
    const user = await trader('100000');
    // 120 buys of the same stock: one holding of 120 positions.
    for (let buy = 0; buy < 120; buy += 1)
      expect(
        (await post(user, '/api/user/position/store', { asset_id: assetId, quantity: '0.5', wallet: 'brokerage' }))
          .statusCode,
      ).toBe(201);
    await setPrice('12.34');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/holdings',
      headers: bearer(user.token),
    });
    expect(response.json().data.holdings).toEqual([
      {
        asset: { id: assetId, symbol: 'TEST', name: 'Test Corp', type: 'stocks' },
        quantity: expect.stringMatching(/^60(\.0+)?$/),
        value: '740.40',
        cost: '600.00',
        pl: '140.40',
        pl_percentage: '23.40',
      },
    ]);
    const stranger = await signUp(testApp, { verified: true });
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/user/holdings', headers: bearer(stranger.token) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('take-profit and stop-loss', () => {
  it('close a position once, at the price of the tick that crosses, and say why', async () => {
    await setPrice('100');
    const user = await trader('1000');
    const profitTaker = (
      await post(user, '/api/user/position/store', {
        asset_id: assetId,
        quantity: '2',
        wallet: 'brokerage',
        tp: '120',
        sl: '90',
      })
    ).json().data.position.id as string;
    await setPrice('119.99');
    expect(await fillOrders()).toHaveLength(0);
    await setPrice('121');
    expect(await fillOrders()).toHaveLength(1);
    expect(await fillOrders()).toHaveLength(0);
    const { rows } = await testApp.database.db.$client.query(
      'select status, close_reason, realised_pl from positions where id = $1',
      [profitTaker],
    );
    expect(rows[0]).toEqual({ status: 'closed', close_reason: 'take_profit', realised_pl: '42.00' });

    await setPrice('100');
    const stopped = (
      await post(user, '/api/user/position/store', { asset_id: assetId, quantity: '1', wallet: 'brokerage', sl: '95' })
    ).json().data.position.id as string;
    await setPrice('94.5');
    expect(await fillOrders()).toHaveLength(1);
    const history = (
      await testApp.app.inject({ method: 'GET', url: '/api/user/position/history', headers: bearer(user.token) })
    ).json().data.positions.data;
    expect(history[0]).toMatchObject({ type: 'sell', reason: 'stop_loss', amount: '94.50', account: 'brokerage' });
    const { rows: after } = await testApp.database.db.$client.query(
      'select close_reason from positions where id = $1',
      [stopped],
    );
    expect(after[0].close_reason).toBe('stop_loss');
  });
});

describe('take-profit and stop-loss on the wrong side of the price', () => {
  it('are refused before anything is bought, each with a message naming the price', async () => {
    await setPrice('100');
    const user = await trader('1000');
    const buying = (exits: Record<string, unknown>) =>
      post(user, '/api/user/position/store', { asset_id: assetId, quantity: '1', wallet: 'brokerage', ...exits });
    const refusals = [
      [{ tp: '100' }, { tp: ['The take-profit price must be above the current price, $100.00.'] }],
      [{ tp: '99.99' }, { tp: ['The take-profit price must be above the current price, $100.00.'] }],
      [{ sl: '100' }, { sl: ['The stop-loss price must be below the current price, $100.00.'] }],
      [{ sl: '150', tp: '200' }, { sl: ['The stop-loss price must be below the current price, $100.00.'] }],
      [{ tp: '-1' }, { tp: ['The take-profit price must be a positive number with at most 8 decimals.'] }],
      [{ sl: true }, { sl: ['The stop-loss price must be a positive number with at most 8 decimals.'] }],
      [{ quantity: null }, { quantity: ['The quantity must be a positive number with at most 8 decimals.'] }],
      [{ asset_id: 'x' }, { asset_id: ['Select an asset!'] }],
    ] as const;
    for (const [exits, errors] of refusals) {
      const response = await buying(exits);
      expect(response.statusCode, JSON.stringify(exits)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const opened = await buying({ tp: '100.01', sl: '99.99' });
    expect(opened.statusCode).toBe(201);
    const { rows } = await testApp.database.db.$client.query(
      'select count(*)::int as positions from positions where user_id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ positions: 1 });
  });
});

describe('the watchlist', () => {
  it('stars and unstars an asset, which the asset list and the watchlist with its price show', async () => {
    const user = await trader('10');
    await setPrice('123.45');
    const added = await post(user, '/api/user/watchlist/store', { asset_id: assetId });
    expect(added.statusCode).toBe(201);
    expect((await post(user, '/api/user/watchlist/store', { asset_id: assetId })).statusCode).toBe(200);
    const starred = (
      await testApp.app.inject({ method: 'GET', url: '/api/assets?filter[symbol]=TEST', headers: bearer(user.token) })
    ).json().data.assets.data[0];
    expect(starred.starred).toBe(true);
    const list = (
      await testApp.app.inject({ method: 'GET', url: '/api/user/watchlist', headers: bearer(user.token) })
    ).json().data.watchlist;
    expect(list.map((entry: { asset: { symbol: string } }) => entry.asset.symbol)).toEqual(['TEST']);
    // The market screen's Watchlist tab lists these rows as they are, beside the asset list's.
    expect(list[0].asset).toMatchObject({
      id: assetId,
      name: 'Test Corp',
      price: '123.45',
      changes_percentage: '23.45',
      day_high: '100.00',
      day_low: '100.00',
      starred: true,
    });
    const stranger = await trader('10');
    const entryId = added.json().data.id as string;
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/user/watchlist/destroy/${entryId}`,
          headers: bearer(stranger.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/user/watchlist/destroy/${entryId}`,
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the books after random trading', () => {
  it('stay whole through random buys, closes and ticks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('buy' as const), units: fc.integer({ min: 1, max: 400 }) }),
            fc.record({ op: fc.constant('close' as const), share: fc.integer({ min: 1, max: 100 }) }),
            fc.constant({ op: 'tick' as const }),
          ),
          { minLength: 3, maxLength: 15 },
        ),
        async (steps) => {
          const user = await trader('5000');
          const open: string[] = [];
          for (const step of steps) {
            if (step.op === 'buy') {
              const response = await post(user, '/api/user/position/store', {
                asset_id: assetId,
                quantity: new Decimal(step.units).dividedBy(100).toFixed(2),
                wallet: 'brokerage',
              });
              if (response.statusCode === 201) open.push(response.json().data.position.id as string);
            } else if (step.op === 'close' && open.length > 0) {
              const id = open[step.share % open.length] ?? '';
              const { rows } = await testApp.database.db.$client.query('select quantity from positions where id = $1', [
                id,
              ]);
              const quantity = new Decimal(rows[0].quantity)
                .times(step.share)
                .dividedBy(100)
                .toDecimalPlaces(8, Decimal.ROUND_DOWN);
              if (quantity.gt(0))
                await post(user, `/api/user/position/close/${id}`, { quantity: quantity.toFixed(8) }, 'PUT');
            } else if (step.op === 'tick') {
              clock.advance(60_000);
              await runTick(testApp.database.db, clock, 5);
            }
          }
          expect(await ledgerProblems(testApp.database.db)).toEqual([]);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});

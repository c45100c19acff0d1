import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemShardOf } from '../ledger/ledger.repository.ts';
import { bearer, signUp } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { runTick } from '../market/tick.ts';
import {
  assetId,
  brokerage,
  clock,
  post,
  setPrice,
  testApp,
  trader,
  useTradingApp,
  wallet,
} from '../../../test/trading-app.ts';

useTradingApp();

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
    for (const row of rows) expect(row.shard).toBe(systemShardOf(row.user_id));
    expect(new Set(users.map((user) => systemShardOf(user.id))).size).toBeGreaterThan(1);
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

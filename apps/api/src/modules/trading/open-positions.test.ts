import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/fixtures.ts';
import { assetId, fillOrders, post, setPrice, testApp, trader, useTradingApp } from '../../../test/trading-app.ts';

useTradingApp();

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

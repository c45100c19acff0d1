import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.ts';
import { assetId, post, setPrice, testApp, trader, useTradingApp } from '../../../test/trading-app.ts';

useTradingApp();

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
    const remove = async (token: string) =>
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/user/watchlist/destroy/${entryId}`,
          headers: bearer(token),
        })
      ).statusCode;
    expect(await remove(stranger.token)).toBe(404);
    expect(await remove(user.token)).toBe(200);
  });
});

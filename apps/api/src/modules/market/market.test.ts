import { describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { get, testApp, useMarketApp, type Asset } from '../../../test/market-app.ts';
import { catalogue } from './catalogue.ts';

useMarketApp();

describe('GET /api/assets', () => {
  it('answers a page sorted by name by default, without a token', async () => {
    const response = await get('/api/assets');
    expect(response.statusCode).toBe(200);
    const page = response.json().data.assets;
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: catalogue.length,
      last_page: Math.ceil(catalogue.length / 20),
    });
    const names = (page.data as Asset[]).map((asset) => asset.name);
    const byLowerCase = (a: string, b: string) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
    expect(names).toEqual([...names].sort(byLowerCase));
    expect(page.data[0]).toMatchObject({
      id: expect.any(Number),
      img: expect.stringMatching(/^\/api\/assets\/.+\/icon\.svg$/),
      starred: false,
    });
    expect(page.data[0].price).toMatch(/^\d+\.\d{2,}$/);
  });

  it('sorts by market cap, price and the day figures, either way', async () => {
    const byCap = (await get('/api/assets?per_page=25&sort=-market_cap')).json().data.assets.data as Asset[];
    expect(byCap).toHaveLength(25);
    expect(byCap[0]?.symbol).toBe('AAPL');
    const caps = byCap.map((asset) => Number(asset.market_cap));
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const byPrice = (await get('/api/assets?per_page=100&sort=price')).json().data.assets.data as Asset[];
    const prices = byPrice.map((asset) => Number(asset.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byChange = (await get('/api/assets?do_not_paginate=true&sort=-changes_percentage')).json().data
      .assets as Asset[];
    const changes = byChange.map((asset) => Number(asset.changes_percentage));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    for (const sort of ['day_high', '-day_low', 'name', '-name'])
      expect((await get(`/api/assets?sort=${sort}`)).statusCode, sort).toBe(200);
  });

  it('filters by type and by symbol, and answers a plain list when asked not to paginate', async () => {
    const crypto = (await get('/api/assets?filter[type]=crypto&do_not_paginate=true')).json().data.assets as Asset[];
    expect(crypto.length).toBeGreaterThanOrEqual(40);
    expect(new Set(crypto.map((asset) => asset.type))).toEqual(new Set(['crypto']));
    const stocks = (await get('/api/assets?filter[type]=stocks&per_page=100')).json().data.assets;
    expect(stocks.total).toBeGreaterThanOrEqual(60);
    const bitcoin = (await get('/api/assets?filter[symbol]=btc')).json().data.assets.data as Asset[];
    expect(bitcoin.map((asset) => [asset.symbol, asset.name, asset.rank])).toEqual([['BTC', 'Bitcoin', 1]]);
  });

  it('refuses an unknown sort, filter or page size with 422', async () => {
    const unknownSort = await get('/api/assets?sort=-volume');
    expect(unknownSort.statusCode).toBe(422);
    expect(unknownSort.json().message).toContain('Unknown sort');
    expect((await get('/api/assets?filter[exchange]=nyse')).statusCode).toBe(422);
    expect((await get('/api/assets?per_page=101')).statusCode).toBe(422);
    expect((await get('/api/assets?filter[type]=bonds')).statusCode).toBe(422);
  });

  it("marks the caller's watchlist as starred and counts watchers", async () => {
    const user = await signUp(testApp, { verified: true });
    await testApp.database.db.$client.query(
      "insert into watchlist_entries (user_id, asset_id) select $1, id from assets where symbol = 'ETH'",
      [user.id],
    );
    const withToken = (await get('/api/assets?filter[symbol]=ETH', bearer(user.token))).json().data.assets
      .data[0] as Asset;
    expect(withToken).toMatchObject({ starred: true, watchers: 1 });
    const anonymous = (await get('/api/assets?filter[symbol]=ETH')).json().data.assets.data[0] as Asset;
    expect(anonymous.starred).toBe(false);
  });

  it('shows a new price at once, to callers with a token and without', async () => {
    const url = '/api/assets?filter[symbol]=AAPL';
    const priceOf = async () => ((await get(url)).json().data.assets.data[0] as Asset).price;
    const before = await priceOf();
    await testApp.database.db.$client.query(
      "update asset_quotes set price = price + 1 where asset_id = (select id from assets where symbol = 'AAPL')",
    );
    expect(await priceOf()).not.toBe(before);
    const withToken = await signUp(testApp, { verified: true });
    expect(((await get(url, bearer(withToken.token))).json().data.assets.data[0] as Asset).price).toBe(await priceOf());
  });

  it('answers within 20 ms at the median for 25 assets by market cap', async () => {
    const timings: number[] = [];
    for (let run = 0; run < 60; run += 1) {
      const started = performance.now();
      await get('/api/assets?per_page=25&sort=-market_cap');
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)] ?? Infinity;
    console.info(`GET /api/assets?per_page=25&sort=-market_cap median ${median.toFixed(1)} ms over 60 requests`);
    expect(median).toBeLessThan(20);
  });
});

describe('watchers and stars', () => {
  const sql = (text: string, values: unknown[] = []) => testApp.database.db.$client.query(text, values);
  const starEth = (userId: string) =>
    sql("insert into watchlist_entries (user_id, asset_id) select $1, id from assets where symbol = 'ETH'", [userId]);
  const eth = async (headers: Record<string, string> = {}) =>
    (await get('/api/assets?filter[symbol]=ETH', headers)).json().data.assets.data[0] as Asset;
  const miscounted = async () =>
    (
      await sql(`select count(*)::int as wrong from assets a
        where a.watchers <> (select count(*) from watchlist_entries w where w.asset_id = a.id)`)
    ).rows[0].wrong as number;

  it('keeps every asset’s watcher count with the watchlists: parallel stars, unstars and a closed account', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signUp(testApp, { verified: true })));
    const [first, second, third] = users as [SignedUpUser, SignedUpUser, SignedUpUser];
    const before = (await eth(bearer(first.token))).watchers;
    await Promise.all(users.map((user) => starEth(user.id)));
    expect(await eth(bearer(first.token))).toMatchObject({ starred: true, watchers: before + 12 });
    await sql('delete from watchlist_entries where user_id = any($1::uuid[])', [[first.id, second.id]]);
    await sql('delete from users where id = $1', [third.id]);
    expect(await eth(bearer(first.token))).toMatchObject({ starred: false, watchers: before + 9 });
    expect(await miscounted()).toBe(0);
    // Delisting an asset takes its stars with it.
    await sql('begin');
    await sql("delete from assets where symbol = 'ETH'");
    expect(await miscounted()).toBe(0);
    await sql('rollback');
  });

  it("shows a caller's new star and its count at once", async () => {
    const [starring, other] = await Promise.all([
      signUp(testApp, { verified: true }),
      signUp(testApp, { verified: true }),
    ]);
    const { watchers } = await eth(bearer(other.token));
    await starEth(starring.id);
    expect(await eth(bearer(starring.token))).toMatchObject({ starred: true, watchers: watchers + 1 });
    expect(await eth(bearer(other.token))).toMatchObject({ starred: false, watchers: watchers + 1 });
    const newest = (await get('/api/assets/top-movers', bearer(starring.token))).json().data.new_in_market as Asset[];
    const lastListed = newest[0] as Asset & { id: number };
    await sql('insert into watchlist_entries (user_id, asset_id) values ($1, $2)', [starring.id, lastListed.id]);
    const movers = (await get('/api/assets/top-movers', bearer(starring.token))).json().data as Record<string, Asset[]>;
    expect(movers['new_in_market']?.[0]).toMatchObject({ starred: true, watchers: lastListed.watchers + 1 });
    expect((await get('/api/assets/top-movers')).json().data.new_in_market[0].starred).toBe(false);
  });
});

describe('top movers', () => {
  it('lists gainers best first, losers worst first and the newest listings, 16 at most each', async () => {
    const {
      gainers,
      losers,
      new_in_market: newest,
    } = (await get('/api/assets/top-movers')).json().data as Record<string, Asset[]>;
    for (const list of [gainers, losers, newest]) expect(list?.length).toBeLessThanOrEqual(16);
    const gains = (gainers ?? []).map((asset) => Number(asset.changes_percentage));
    expect(gains.every((change) => change > 0)).toBe(true);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    const losses = (losers ?? []).map((asset) => Number(asset.changes_percentage));
    expect(losses.every((change) => change < 0)).toBe(true);
    expect(losses).toEqual([...losses].sort((a, b) => a - b));
    expect(newest).toHaveLength(16);
    const listed = (newest ?? []).map((asset) => asset.listed_on);
    expect(listed).toEqual([...listed].sort().reverse());
  });
});

describe('icons', () => {
  it('serves a crypto icon from the icon package and a monogram for a stock', async () => {
    const bitcoin = await get('/api/assets/BTC/icon.svg');
    expect(bitcoin.headers['content-type']).toContain('image/svg+xml');
    expect(bitcoin.body).toContain('#F7931A');
    const algorand = await get('/api/assets/ALGO/icon.svg');
    expect(algorand.body).toContain('<circle cx="12" cy="12" r="12" fill="#1e293b"/>');
    const apple = await get('/api/assets/AAPL/icon.svg');
    expect(apple.body).toContain('>AAPL</text>');
  });
});

import type { AssetType, ChartRange } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/responses.ts';
import { presentAsset } from './asset.presenter.ts';
import { day, hour } from './history.ts';
import { cryptoIcon, monogram } from './icons.ts';
import { createMarketRepository, sortColumns, type SortColumn } from './market.repository.ts';

// What other modules read of the simulated market: its listed assets and its seeded noise.
export { catalogue } from './catalogue.ts';
export { uniform } from './random.ts';

/** Points per chart range: 5-minute bars for a day, hourly for a week and a month, daily beyond. */
const ranges = {
  '1d': { resolution: '5m', span: day },
  '7d': { resolution: '1h', span: 7 * day },
  '30d': { resolution: '1h', span: 30 * day },
  '1yr': { resolution: '1d', span: 365 * day },
  all: { resolution: '1d', span: Infinity },
} as const;

/** The columns the asset list sorts by; '-price' sorts by price, highest first. */
// What the splits module uses to move the simulated market by a split's ratio.
export { floorTo, resolutionMs } from './history.ts';
export { announceTick } from './tick.ts';

export const assetSorts = Object.keys(sortColumns) as SortColumn[];

export type AssetListRequest = {
  type?: AssetType | undefined;
  symbol?: string | undefined;
  sort: string;
  page: number;
  perPage: number;
  /** The whole list in one response, without paging. */
  all: boolean;
};

export function createMarketService(db: Database, clock: Clock) {
  const market = createMarketRepository(db);
  const find = async (symbol: string) => {
    const asset = await market.exists(symbol);
    if (!asset) throw new NotFound('No such asset.');
    return asset;
  };
  return {
    /** A page of the asset list, or all of it; `starred` says whether the user's watchlist holds each. */
    async list(request: AssetListRequest, userId?: string) {
      const sort = { column: request.sort.replace(/^-/, '') as SortColumn, descending: request.sort.startsWith('-') };
      const page = request.all ? {} : { limit: request.perPage, offset: (request.page - 1) * request.perPage };
      const rows = await market.list({ type: request.type, symbol: request.symbol, sort, ...page }, userId);
      const assets = rows.map(presentAsset);
      if (request.all) return { assets };
      const total = rows[0]?.total ?? (await market.count(request.type, request.symbol));
      return { assets: pageOf(assets, request.page, request.perPage, total) };
    },

    /** Top gainers, top losers and the newest listings, 16 each. */
    async topMovers(userId?: string) {
      const rows = await market.topMovers(16, userId);
      const of = (list: (typeof rows)[number]['list']) => rows.filter((row) => row.list === list).map(presentAsset);
      return { gainers: of('gainers'), losers: of('losers'), new_in_market: of('new_in_market') };
    },

    async history(symbol: string, range: ChartRange) {
      const asset = await find(symbol);
      const { resolution, span } = ranges[range];
      const since = span === Infinity ? new Date(0) : new Date(clock.now().getTime() - span - hour);
      return { symbol: asset.symbol, range, resolution, points: await market.history(asset.symbol, resolution, since) };
    },

    /** The coin's own icon where there is one, else a monogram of the symbol. */
    async icon(symbol: string) {
      const asset = await find(symbol);
      const coin = asset.type === 'crypto' ? await cryptoIcon(asset.symbol) : undefined;
      return coin ?? monogram(asset.symbol);
    },

    async fxRates() {
      const { rows } = await db.execute<{ currency: string; rate: string }>(sql`select currency, rate from fx_rates`);
      return { base: 'USD' as const, rates: Object.fromEntries(rows.map((row) => [row.currency, row.rate])) };
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

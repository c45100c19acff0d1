import { Decimal } from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { resolutionMs } from './history.ts';

export const sortColumns = {
  name: sql`lower(name)`,
  market_cap: sql`market_cap`,
  price: sql`price`,
  changes_percentage: sql`changes_percentage`,
  day_high: sql`day_high`,
  day_low: sql`day_low`,
} as const;
export type SortColumn = keyof typeof sortColumns;

export type AssetRow = {
  id: number;
  symbol: string;
  name: string;
  type: 'stocks' | 'crypto';
  listed_on: string;
  price: string;
  previous_close: string;
  day_high: string;
  day_low: string;
  volume: string;
  avg_volume: string;
  market_cap: string;
  changes_percentage: string;
  rank: number;
  watchers: number;
  starred: boolean;
  total: number;
};

export type AssetQuery = {
  type?: 'stocks' | 'crypto' | undefined;
  symbol?: string | undefined;
  sort: { column: SortColumn; descending: boolean };
  limit?: number | undefined;
  offset?: number | undefined;
};

/** Ranks are by market cap within a type, counted over the whole catalogue before any filter. */
const ranked = sql`
  with ranked as (
    select a.id, a.symbol, a.name, a.type, to_char(a.listed_on, 'YYYY-MM-DD') as listed_on,
      q.price, q.previous_close, q.day_high, q.day_low, q.volume, q.avg_volume, q.market_cap,
      round((q.price - q.previous_close) / nullif(q.previous_close, 0) * 100, 4) as changes_percentage,
      rank() over (partition by a.type order by q.market_cap desc)::int as rank,
      a.watchers
    from assets a join asset_quotes q on q.asset_id = a.id
  )`;

/** Whether the watchlist of `userId` (none without a token) holds the row's asset; asked of the returned rows only. */
const starred = (userId: string | undefined, row: SQL) =>
  sql`exists (select 1 from watchlist_entries w where w.user_id = ${userId ?? null} and w.asset_id = ${row}.id) as starred`;

export function createMarketRepository(db: Database) {
  return {
    async list(query: AssetQuery, userId?: string): Promise<AssetRow[]> {
      const filters: SQL[] = [];
      if (query.type) filters.push(sql`type = ${query.type}`);
      if (query.symbol) filters.push(sql`upper(symbol) = upper(${query.symbol})`);
      const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const direction = query.sort.descending ? sql`desc` : sql`asc`;
      const page = query.limit === undefined ? sql`` : sql`limit ${query.limit} offset ${query.offset ?? 0}`;
      const { rows } = await db.execute<AssetRow>(sql`
        ${ranked}
        select page.*, ${starred(userId, sql`page`)} from (
          select *, count(*) over ()::int as total from ranked ${where}
          order by ${sortColumns[query.sort.column]} ${direction}, name asc ${page}
        ) page
        order by ${sortColumns[query.sort.column]} ${direction}, name asc`);
      return rows;
    },

    async count(type?: 'stocks' | 'crypto', symbol?: string): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(sql`
        select count(*)::int as count from assets
        where (${type ?? null}::asset_type is null or type = ${type ?? null}::asset_type)
          and (${symbol ?? null}::text is null or upper(symbol) = upper(${symbol ?? null}::text))`);
      return rows[0]?.count ?? 0;
    },

    /** The top gainers, the top losers and the newest listings, `limit` each, in that order. */
    async topMovers(limit: number, userId?: string) {
      const { rows } = await db.execute<AssetRow & { list: 'gainers' | 'losers' | 'new_in_market' }>(sql`
        ${ranked}
        select movers.*, ${starred(userId, sql`movers`)} from (
          (select 'gainers' as list, *, 0 as total from ranked where changes_percentage > 0
            order by changes_percentage desc limit ${limit})
          union all
          (select 'losers', *, 0 from ranked where changes_percentage < 0 order by changes_percentage asc limit ${limit})
          union all
          (select 'new_in_market', *, 0 from ranked order by listed_on desc, name limit ${limit})
        ) movers`);
      return rows;
    },

    /**
     * Chart points, split-adjusted: a bar that ended before a split was applied is read divided by
     * its ratio, so the line does not jump at the split (the bar the split fell in was rewritten then).
     */
    async history(symbol: string, resolution: '5m' | '1h' | '1d', since: Date) {
      const { rows } = await db.execute<{ time: number; value: string }>(sql`
        select extract(epoch from b.starts_at)::int as time, b.close as value
        from price_bars b join assets a on a.id = b.asset_id
        where upper(a.symbol) = upper(${symbol}) and b.resolution = ${resolution}::bar_resolution and b.starts_at >= ${since}
        order by b.starts_at`);
      const { rows: applied } = await db.execute<{ at: number; to: number; from: number }>(sql`
        select extract(epoch from s.applied_at)::float8 * 1000 as at, s.ratio_to as to, s.ratio_from as from
        from splits s join assets a on a.id = s.asset_id
        where upper(a.symbol) = upper(${symbol}) and s.status = 'applied'`);
      if (applied.length === 0) return rows;
      const size = resolutionMs[resolution];
      return rows.map((row) => {
        const later = applied.filter((split) => row.time * 1000 + size <= split.at);
        if (later.length === 0) return row;
        const value = later.reduce((price, split) => price.times(split.from).div(split.to), new Decimal(row.value));
        return { time: row.time, value: value.toDecimalPlaces(10).toFixed(10) };
      });
    },

    async exists(symbol: string): Promise<{ symbol: string; type: 'stocks' | 'crypto' } | undefined> {
      const { rows } = await db.execute<{ symbol: string; type: 'stocks' | 'crypto' }>(
        sql`select symbol, type from assets where upper(symbol) = upper(${symbol})`,
      );
      return rows[0];
    },

    async quotes(): Promise<AssetRow[]> {
      const { rows } = await db.execute<AssetRow>(sql`${ranked} select *, false as starred, 0 as total from ranked`);
      return rows;
    },
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;

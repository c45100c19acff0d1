import {
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, price, rate, timestamptz } from './columns.ts';
import { sql } from 'drizzle-orm';
import { userIdColumn } from './users.ts';

export const assetType = pgEnum('asset_type', ['stocks', 'crypto']);
export const barResolution = pgEnum('bar_resolution', ['5m', '1h', '1d']);

/** The asset a row is about. */
export const assetIdColumn = (onDelete?: 'cascade') =>
  integer('asset_id')
    .notNull()
    .references(() => assets.id, { onDelete });

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull().unique(),
    name: text('name').notNull(),
    type: assetType('type').notNull(),
    listedOn: date('listed_on').notNull(),
    volatility: numeric('volatility', { precision: 6, scale: 4 }).notNull(),
    /** Market cap at the reference price; the live figure scales with the price. */
    referenceMarketCap: money('reference_market_cap').notNull(),
    referencePrice: price('reference_price').notNull(),
    /**
     * How many watchlists hold the asset, maintained by a trigger on watchlist_entries: counting the
     * entries on every read cost a signed-in list a scan of every user's stars.
     */
    watchers: integer('watchers').notNull().default(0),
  },
  (table) => [check('assets_watchers_not_negative', sql`${table.watchers} >= 0`)],
);

/** The latest quote of each asset, rewritten at every tick. */
export const assetQuotes = pgTable('asset_quotes', {
  assetId: integer('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  price: price('price').notNull(),
  previousClose: price('previous_close').notNull(),
  dayOpen: price('day_open').notNull(),
  dayHigh: price('day_high').notNull(),
  dayLow: price('day_low').notNull(),
  volume: money('volume').notNull(),
  avgVolume: money('avg_volume').notNull(),
  marketCap: money('market_cap').notNull(),
  tradingDay: date('trading_day').notNull(),
  tickSequence: integer('tick_sequence').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Price bars for charts: 5-minute bars for two days, hourly for sixty, daily for ever. */
export const priceBars = pgTable(
  'price_bars',
  {
    assetId: assetIdColumn('cascade'),
    resolution: barResolution('resolution').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    open: price('open').notNull(),
    high: price('high').notNull(),
    low: price('low').notNull(),
    close: price('close').notNull(),
  },
  (table) => [primaryKey({ columns: [table.assetId, table.resolution, table.startsAt] })],
);

/** Units of each currency per US dollar. */
export const fxRates = pgTable('fx_rates', {
  currency: char('currency', { length: 3 }).primaryKey(),
  rate: rate('rate').notNull(),
  referenceRate: rate('reference_rate').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    assetId: assetIdColumn('cascade'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('watchlist_entries_user_asset_unique').on(table.userId, table.assetId),
    index('watchlist_entries_asset_id_idx').on(table.assetId),
  ],
);

export const marketState = pgTable('market_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

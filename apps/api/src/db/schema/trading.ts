import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountKind } from './ledger.ts';
import { assets } from './market.ts';
import { userIdColumn, users } from './users.ts';

export const positionStatus = pgEnum('position_status', ['open', 'closed']);
export const tradeSide = pgEnum('trade_side', ['buy', 'sell']);
export const closeReason = pgEnum('close_reason', ['manual', 'take_profit', 'stop_loss', 'rebalance']);

const quantity = (name: string) => numeric(name, { precision: 30, scale: 8 });
const price = (name: string) => numeric(name, { precision: 30, scale: 10 });
const money = (name: string) => numeric(name, { precision: 30, scale: 2 });

/** A holding bought at one time; closes in parts. Cost and P/L are in the account's settlement currency. */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    wallet: accountKind('wallet').notNull(),
    status: positionStatus('status').notNull().default('open'),
    quantity: quantity('quantity').notNull(),
    openedQuantity: quantity('opened_quantity').notNull(),
    entryPrice: price('entry_price').notNull(),
    fxRate: numeric('fx_rate', { precision: 20, scale: 10 }).notNull(),
    cost: money('cost').notNull(),
    openedCost: money('opened_cost').notNull(),
    realisedPl: money('realised_pl').notNull().default('0'),
    takeProfit: price('take_profit'),
    stopLoss: price('stop_loss'),
    leverage: integer('leverage').notNull().default(1),
    orderType: text('order_type').notNull().default('market'),
    closeReason: closeReason('close_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('positions_user_status_idx').on(table.userId, table.status),
    index('positions_open_asset_idx').on(table.assetId, table.status),
    // The automated-investing wallet holds one open position per asset and adds to it.
    uniqueIndex('positions_auto_open_unique')
      .on(table.userId, table.assetId)
      .where(sql`${table.wallet} = 'auto' and ${table.status} = 'open'`),
  ],
);

/** Every execution: a buy that opened a position, a sale that closed part or all of one. */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    side: tradeSide('side').notNull(),
    quantity: quantity('quantity').notNull(),
    price: price('price').notNull(),
    fxRate: numeric('fx_rate', { precision: 20, scale: 10 }).notNull(),
    amount: money('amount').notNull(),
    realisedPl: money('realised_pl').notNull().default('0'),
    reason: closeReason('reason').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trades_user_created_idx').on(table.userId, table.createdAt)],
);

/** The automated-investing model a user chose; without a row the model follows their experience. */
export const autoSettings = pgTable('auto_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  model: text('model').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Every job run that traded for a user: what it did and when. */
export const autoRuns = pgTable(
  'auto_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    kind: text('kind').notNull(),
    bought: integer('bought').notNull(),
    sold: integer('sold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auto_runs_user_created_idx').on(table.userId, table.createdAt)],
);

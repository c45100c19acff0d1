import { closeReasons } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, price, quantity, rate, timestamptz } from './columns.ts';
import { accountKind } from './ledger.ts';
import { assetIdColumn } from './market.ts';
import { userIdColumn, users } from './users.ts';

export const positionStatus = pgEnum('position_status', ['open', 'closed']);
export const tradeSide = pgEnum('trade_side', ['buy', 'sell']);
export const closeReason = pgEnum('close_reason', closeReasons);

/** A holding bought at one time; closes in parts. Cost and P/L are in the account's settlement currency. */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    assetId: assetIdColumn(),
    wallet: accountKind('wallet').notNull(),
    status: positionStatus('status').notNull().default('open'),
    quantity: quantity('quantity').notNull(),
    openedQuantity: quantity('opened_quantity').notNull(),
    entryPrice: price('entry_price').notNull(),
    fxRate: rate('fx_rate').notNull(),
    cost: money('cost').notNull(),
    openedCost: money('opened_cost').notNull(),
    realisedPl: money('realised_pl').notNull().default('0'),
    /** What open sell orders hold of the quantity: neither a close nor another order may take it. */
    reservedQuantity: quantity('reserved_quantity').notNull().default('0'),
    leverage: integer('leverage').notNull().default(1),
    orderType: text('order_type').notNull().default('market'),
    closeReason: closeReason('close_reason'),
    createdAt: timestamptz('created_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    index('positions_user_status_idx').on(table.userId, table.status),
    index('positions_open_asset_idx').on(table.assetId, table.status),
    // The automated-investing wallet holds one open position per asset and adds to it.
    uniqueIndex('positions_auto_open_unique')
      .on(table.userId, table.assetId)
      .where(sql`${table.wallet} = 'auto' and ${table.status} = 'open'`),
    check(
      'positions_reserved_within_quantity',
      sql`${table.reservedQuantity} >= 0 and ${table.reservedQuantity} <= ${table.quantity}`,
    ),
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
    assetId: assetIdColumn(),
    side: tradeSide('side').notNull(),
    quantity: quantity('quantity').notNull(),
    price: price('price').notNull(),
    fxRate: rate('fx_rate').notNull(),
    amount: money('amount').notNull(),
    realisedPl: money('realised_pl').notNull().default('0'),
    reason: closeReason('reason').notNull().default('manual'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('trades_user_created_idx').on(table.userId, table.createdAt)],
);

/** The automated-investing model a user chose; without a row the model follows their experience. */
export const autoSettings = pgTable('auto_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  model: text('model').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
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
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('auto_runs_user_created_idx').on(table.userId, table.createdAt)],
);

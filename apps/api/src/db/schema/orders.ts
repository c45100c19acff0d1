import { orderEndReasonValues, orderStatuses, orderTypes, timeInForces } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, price, quantity, timestamptz } from './columns.ts';
import { assetIdColumn } from './market.ts';
import { positions, tradeSide } from './trading.ts';
import { userIdColumn } from './users.ts';

export const orderType = pgEnum('order_type', orderTypes);
export const orderTimeInForce = pgEnum('order_time_in_force', timeInForces);
export const orderStatusEnum = pgEnum('order_status', orderStatuses);
export const orderEndReasonEnum = pgEnum('order_end_reason', orderEndReasonValues);

/**
 * An order waiting for its price. While open, a buy holds `reserved` in the brokerage wallet's `held`
 * and a sell holds `quantity` in its position's `reserved_quantity`; the step that ends the order
 * (fill, cancel, expiry) gives the hold back in the same transaction.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    assetId: assetIdColumn(),
    side: tradeSide('side').notNull(),
    type: orderType('type').notNull(),
    /** Null on an exit, which sells whatever of its position no other order holds. */
    quantity: quantity('quantity'),
    limitPrice: price('limit_price'),
    stopPrice: price('stop_price'),
    timeInForce: orderTimeInForce('time_in_force').notNull(),
    /** Null on an exit, which lasts as long as its position. */
    expiresAt: timestamptz('expires_at'),
    status: orderStatusEnum('status').notNull().default('open'),
    reserved: money('reserved').notNull().default('0'),
    /** The position a sell closes; the one a filled buy opened. */
    positionId: uuid('position_id').references(() => positions.id),
    /** When the stop of a stop-limit order was crossed: from then on it is a limit order. */
    triggeredAt: timestamptz('triggered_at'),
    fillPrice: price('fill_price'),
    filledAmount: money('filled_amount'),
    endReason: orderEndReasonEnum('end_reason'),
    createdAt: timestamptz('created_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    // The fill step reads the open orders of the assets a tick moved.
    index('orders_open_asset_idx')
      .on(table.assetId)
      .where(sql`${table.status} = 'open'`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_position_idx')
      .on(table.positionId)
      .where(sql`${table.status} = 'open'`),
    // A position has one exit: its take-profit and stop-loss in one order, so one fill ends both.
    uniqueIndex('orders_exit_unique')
      .on(table.positionId)
      .where(sql`${table.type} = 'exit'`),
    check('orders_prices_positive', sql`coalesce(${table.limitPrice}, 1) > 0 and coalesce(${table.stopPrice}, 1) > 0`),
    check('orders_reserved_not_negative', sql`${table.reserved} >= 0`),
    check('orders_quantity_positive', sql`${table.type} = 'exit' or ${table.quantity} > 0`),
  ],
);

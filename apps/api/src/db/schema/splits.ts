import { splitStatuses } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { quantity, timestamptz } from './columns.ts';
import { positions } from './trading.ts';
import { assetIdColumn } from './market.ts';
import { userIdColumn, users } from './users.ts';

export const splitStatus = pgEnum('split_status', splitStatuses);

/**
 * A stock split an operator scheduled: `ratio_to` shares for every `ratio_from` held, from the start
 * (00:00 UTC) of `effective_on`. The conditional update of `status` applies it once.
 */
export const splits = pgTable(
  'splits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: assetIdColumn(),
    ratioTo: integer('ratio_to').notNull(),
    ratioFrom: integer('ratio_from').notNull(),
    effectiveOn: date('effective_on').notNull(),
    status: splitStatus('status').notNull().default('scheduled'),
    scheduledBy: uuid('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    appliedAt: timestamptz('applied_at'),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (table) => [
    index('splits_due_idx')
      .on(table.effectiveOn)
      .where(sql`${table.status} = 'scheduled'`),
    index('splits_asset_idx').on(table.assetId, table.effectiveOn),
    // Two splits of one stock on one day would leave which comes first to chance.
    uniqueIndex('splits_asset_day_unique')
      .on(table.assetId, table.effectiveOn)
      .where(sql`${table.status} <> 'cancelled'`),
    check(
      'splits_ratio',
      sql`${table.ratioTo} > 0 and ${table.ratioFrom} > 0 and ${table.ratioTo} <> ${table.ratioFrom}`,
    ),
  ],
);

/**
 * What a split did to each position: its quantity before and after. Trades keep what was traded
 * then, so a position's quantity is what its trades add up to plus these changes.
 */
export const positionSplits = pgTable(
  'position_splits',
  {
    splitId: uuid('split_id')
      .notNull()
      .references(() => splits.id),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id),
    userId: userIdColumn(),
    quantityBefore: quantity('quantity_before').notNull(),
    quantityAfter: quantity('quantity_after').notNull(),
    appliedAt: timestamptz('applied_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.splitId, table.positionId] }),
    index('position_splits_position_idx').on(table.positionId),
    index('position_splits_user_idx').on(table.userId, table.appliedAt),
  ],
);

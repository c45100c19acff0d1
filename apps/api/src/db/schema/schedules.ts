import {
  scheduleFrequencies,
  scheduleKinds,
  scheduleRunOutcomes,
  scheduleSkipReasons,
  scheduleStatuses,
} from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { money, timestamptz } from './columns.ts';
import { accountKind } from './ledger.ts';
import { assets } from './market.ts';
import { positions } from './trading.ts';
import { transactions } from './ledger.ts';
import { userIdColumn } from './users.ts';

export const scheduleKind = pgEnum('schedule_kind', scheduleKinds);
export const scheduleFrequency = pgEnum('schedule_frequency', scheduleFrequencies);
export const scheduleStatus = pgEnum('schedule_status', scheduleStatuses);
export const scheduleRunOutcome = pgEnum('schedule_run_outcome', scheduleRunOutcomes);
export const scheduleSkipReason = pgEnum('schedule_skip_reason', scheduleSkipReasons);

/**
 * A recurring buy or a scheduled transfer. Its slots are the dates `start_on` plus `slot_index`
 * steps of its frequency, each run at the plan's run time in `time_zone`; `next_run_at` is when the
 * next slot falls due, the one thing the scheduler reads.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    kind: scheduleKind('kind').notNull(),
    assetId: integer('asset_id').references(() => assets.id),
    fromWallet: accountKind('from_wallet'),
    toWallet: accountKind('to_wallet'),
    amount: money('amount').notNull(),
    frequency: scheduleFrequency('frequency').notNull(),
    startOn: date('start_on').notNull(),
    timeZone: text('time_zone').notNull(),
    status: scheduleStatus('status').notNull().default('active'),
    slotIndex: integer('slot_index').notNull().default(0),
    /** Null while paused. */
    nextRunAt: timestamptz('next_run_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('schedules_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.status} = 'active'`),
    index('schedules_user_idx').on(table.userId, table.createdAt),
    check('schedules_amount_positive', sql`${table.amount} > 0`),
    check(
      'schedules_kind_fields',
      sql`case ${table.kind} when 'buy' then ${table.assetId} is not null and ${table.fromWallet} is null
        else ${table.assetId} is null and ${table.fromWallet} is not null and ${table.toWallet} is not null
          and ${table.fromWallet} <> ${table.toWallet} end`,
    ),
  ],
);

/** What became of each slot: it ran, or it was skipped and why. One row per slot: a slot runs once. */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    slot: date('slot').notNull(),
    outcome: scheduleRunOutcome('outcome').notNull(),
    reason: scheduleSkipReason('reason'),
    positionId: uuid('position_id').references(() => positions.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    ranAt: timestamptz('ran_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scheduleId, table.slot] }),
    check('schedule_runs_reason', sql`(${table.outcome} = 'skipped') = (${table.reason} is not null)`),
  ],
);

import {
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, timestamptz } from './columns.ts';
import { countries } from './reference.ts';
import { userIdColumn } from './users.ts';

/** The savings and retirement products Itrust offers; rates and limits come from configuration. */
export const savingsProducts = pgTable('savings_products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  /** Rich text written by operators, stored already sanitised. */
  note: text('note').notNull(),
  annualRate: numeric('annual_rate', { precision: 9, scale: 6 }).notNull(),
  /** Contributions allowed per calendar year; null means no limit. */
  annualLimit: money('annual_limit'),
  /** Products in one group share one annual limit (Traditional and ROTH IRA). */
  limitGroup: text('limit_group'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const savingsProductCountries = pgTable(
  'savings_product_countries',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => savingsProducts.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
  },
  (table) => [primaryKey({ columns: [table.productId, table.countryId] })],
);

/** A user's account of one product; its money is a ledger account pointing back here. */
export const userSavings = pgTable(
  'user_savings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('restrict'),
    productId: integer('product_id')
      .notNull()
      .references(() => savingsProducts.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [unique('user_savings_user_product_unique').on(table.userId, table.productId)],
);

export const savingsMethod = pgEnum('savings_method', ['contribution', 'cashout']);

/** What the user did: contributions and cash-outs, newest first on screen. */
export const savingsHistory = pgTable(
  'savings_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('restrict'),
    userSavingsId: uuid('user_savings_id')
      .notNull()
      .references(() => userSavings.id),
    method: savingsMethod('method').notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('savings_history_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * One row per account per day of interest: the primary key makes a second accrual of the same
 * day impossible. `accrued` stores the exact running total so fractions of a cent are never lost;
 * `paid` is what reached the ledger that day.
 */
export const savingsInterest = pgTable(
  'savings_interest',
  {
    userSavingsId: uuid('user_savings_id')
      .notNull()
      .references(() => userSavings.id),
    day: date('day').notNull(),
    balance: money('balance').notNull(),
    accrued: numeric('accrued', { precision: 40, scale: 12 }).notNull(),
    paid: money('paid').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userSavingsId, table.day] })],
);

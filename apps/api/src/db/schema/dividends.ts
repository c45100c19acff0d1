import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { money, price, quantity, rate, timestamptz } from './columns.ts';
import { accountKind, transactions } from './ledger.ts';
import { assets } from './market.ts';
import { positions } from './trading.ts';
import { userIdColumn, users } from './users.ts';

/** A dividend of a stock, written when it first falls due; `paid_at` once every holder was paid. */
export const dividends = pgTable(
  'dividends',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    exDate: date('ex_date').notNull(),
    payDate: date('pay_date').notNull(),
    /** In US dollars. */
    perShare: price('per_share').notNull(),
    paidAt: timestamptz('paid_at'),
  },
  (table) => [primaryKey({ columns: [table.assetId, table.exDate] }), check('dividends_per_share', sql`per_share > 0`)],
);

/** The exchange rate a dividend is paid at in one currency, fixed by the first payer, so every batch uses the same. */
export const dividendRates = pgTable(
  'dividend_rates',
  {
    assetId: integer('asset_id').notNull(),
    exDate: date('ex_date').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    rate: rate('rate').notNull(),
  },
  (table) => [primaryKey({ columns: [table.assetId, table.exDate, table.currency] })],
);

/** One holder's payment of one dividend: one row per wallet holding the stock, so it is paid once. */
export const dividendPayments = pgTable(
  'dividend_payments',
  {
    assetId: integer('asset_id').notNull(),
    exDate: date('ex_date').notNull(),
    userId: userIdColumn('restrict'),
    wallet: accountKind('wallet').notNull(),
    quantity: quantity('quantity').notNull(),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** The position the reinvestment opened, when the holder reinvests. */
    reinvestedPositionId: uuid('reinvested_position_id').references(() => positions.id),
    paidAt: timestamptz('paid_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.assetId, table.exDate, table.userId, table.wallet] }),
    index('dividend_payments_user_idx').on(table.userId, table.paidAt),
    check('dividend_payments_amount', sql`amount > 0`),
  ],
);

/** Whether a user's dividends buy more of the stock; without a row they stay as cash. */
export const dividendSettings = pgTable('dividend_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reinvest: boolean('reinvest').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

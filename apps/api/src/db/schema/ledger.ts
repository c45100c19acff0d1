import { accountKinds } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  boolean,
  jsonb,
  integer,
  smallint,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { money, timestamptz } from './columns.ts';
import { userSavings } from './savings.ts';
import { userIdColumn, users } from './users.ts';

// The contracts list the kinds, in the order of the enum's values.
export const accountKind = pgEnum('account_kind', accountKinds);
export const transactionType = pgEnum('transaction_type', ['credit', 'debit', 'transfer', 'interest', 'dividend']);
export const transactionStatus = pgEnum('transaction_status', ['pending', 'approved', 'cancelled', 'declined']);
export const paymentMethodType = pgEnum('payment_method_type', ['bank', 'crypto']);

/**
 * Ledger accounts: a user's three wallets, one per savings account, and the system's clearing
 * accounts, per currency.
 * The cached balance is written in the same transaction as the entries; user wallets can never
 * go below zero, nor hold more than they have (checked by PostgreSQL itself).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: accountKind('kind').notNull(),
    /** Set on a savings account's ledger account; a user has one per product opened. */
    savingsId: uuid('savings_id')
      .unique()
      .references(() => userSavings.id),
    currency: char('currency', { length: 3 }).notNull(),
    /**
     * A system account busy enough to queue every movement on its row lock (the market account, which
     * every trade moves) is split into several accounts; each user's trades go to one of them.
     */
    shard: smallint('shard').notNull().default(0),
    balance: money('balance').notNull().default('0'),
    held: money('held').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('ledger_accounts_user_idx').on(table.userId),
    uniqueIndex('ledger_accounts_user_kind_unique')
      .on(table.userId, table.kind)
      .where(sql`${table.userId} is not null and ${table.savingsId} is null`),
    uniqueIndex('ledger_accounts_system_unique')
      .on(table.kind, table.currency, table.shard)
      .where(sql`${table.userId} is null`),
    check(
      'ledger_accounts_wallet_not_negative',
      sql`${table.userId} is null or (${table.balance} >= 0 and ${table.held} >= 0 and ${table.held} <= ${table.balance})`,
    ),
  ],
);

/** One movement of money: its entries sum to zero. */
export const journalTransactions = pgTable('journal_transactions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  description: text('description').notNull(),
  transactionId: uuid('transaction_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Immutable: a trigger refuses updates and deletes; a correction is a new reversing journal. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => journalTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('journal_entries_account_created_idx').on(table.accountId, table.createdAt),
    index('journal_entries_journal_id_idx').on(table.journalId),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    type: paymentMethodType('type').notNull(),
    label: text('label'),
    currency: text('currency'),
    walletAddress: text('wallet_address'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    bankName: text('bank_name'),
    routingNumber: text('routing_number'),
    bankAddress: text('bank_address'),
    isWithdrawal: boolean('is_withdrawal').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** A new withdrawal destination waits a day before money can go to it, unless confirmed with a strong second step. */
    usableAt: timestamptz('usable_at').notNull().defaultNow(),
  },
  (table) => [index('payment_methods_user_id_idx').on(table.userId)],
);

/** What the user sees as a transaction: a deposit, a withdrawal, a transfer between wallets. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('restrict'),
    type: transactionType('type').notNull(),
    status: transactionStatus('status').notNull(),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reference: text('reference').notNull().unique(),
    mode: text('mode'),
    coin: text('coin'),
    comment: text('comment'),
    swapFrom: accountKind('swap_from'),
    swapTo: accountKind('swap_to'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    address: text('address'),
    declineReason: text('decline_reason'),
    payoutReference: text('payout_reference'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
  },
  (table) => [
    index('transactions_user_created_idx').on(table.userId, table.createdAt),
    // The operators' queues by status, newest first. Approved rows, nearly all of them (every
    // transfer is approved as it is written), stay out: a full index on status was no help to the
    // approved queue and put every transfer's insert on the same leaf page of the 'approved' key.
    index('transactions_undecided_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} <> 'approved'`),
    // Deposited and withdrawn totals read only approved deposits and withdrawals, never the many transfers.
    index('transactions_user_money_idx')
      .on(table.userId, table.type, table.amount)
      .where(sql`${table.status} = 'approved' and ${table.type} in ('credit', 'debit')`),
  ],
);

/**
 * Each account's net movement per hour, maintained by a trigger on journal entries in the same
 * transaction: a balance at any past hour is the current balance less the hours after it, so a
 * chart costs as many rows as it has hours or days, not as many as the account has entries.
 */
export const ledgerHourly = pgTable(
  'ledger_hourly',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    hour: timestamptz('hour').notNull(),
    delta: money('delta').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.hour] })],
);

/** A money-moving request's key, its body's hash and the response it got, stored 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userIdColumn('cascade'),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

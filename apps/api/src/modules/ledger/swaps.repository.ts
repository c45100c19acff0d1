import { sql } from 'drizzle-orm';
import { fixedStatement, type Executor } from '../../db/client.ts';
import { balancesMoved, detectingShortfall, type WalletKind } from './ledger.repository.ts';

/** One transfer between two of a user's wallets, as writeSwaps writes it. */
export type SwapToWrite = {
  id: string;
  userId: string;
  amount: string;
  currency: string;
  reference: string;
  from: WalletKind;
  to: WalletKind;
  comment: string | null;
  fromAccount: number;
  toAccount: number;
  description: string;
  at: Date;
};

const swapFields = [
  ['id', 'uuid'],
  ['userId', 'uuid'],
  ['amount', 'numeric'],
  ['currency', 'char(3)'],
  ['reference', 'text'],
  ['from', 'account_kind'],
  ['to', 'account_kind'],
  ['comment', 'text'],
  ['fromAccount', 'bigint'],
  ['toAccount', 'bigint'],
  ['description', 'text'],
  ['at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof SwapToWrite, string])[];

const swapsStatements: ReturnType<typeof fixedStatement>[] = [];

/**
 * Writes `swaps` (transfers of any users between their own wallets) in one statement: each its
 * record, its journal of two entries, and every balance they move, so they commit together at the
 * cost of about one (a statement's start and its commit are most of what a single swap costs
 * PostgreSQL). A wallet one of them would take below zero refuses the statement whole, and it writes
 * nothing (InsufficientFunds); so does a reference already taken. Returns the records as the
 * database spells them, in no particular order. Built once per number of swaps.
 */
export async function writeSwaps(executor: Executor, swaps: SwapToWrite[]): Promise<Record<string, unknown>[]> {
  const statement = (swapsStatements[swaps.length] ??= fixedStatement(`swaps_${swaps.length}`, () => {
    const rows = sql.join(
      swaps.map(
        (_, index) =>
          sql`(${sql.raw(String(index))}, ${sql.join(
            swapFields.map(([field, type]) => sql`${sql.placeholder(`s${index}_${field}`)}::${sql.raw(type)}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    return sql`
      with swap (ord, id, user_id, amount, currency, reference, swap_from, swap_to, comment, from_account,
                 to_account, description, at) as (values ${rows}),
      recorded as (
        insert into transactions (id, user_id, type, status, amount, currency, reference, swap_from, swap_to,
                                  comment, created_at, decided_at)
        select id, user_id, 'transfer', 'approved', amount, currency, reference, swap_from, swap_to, comment, at, at
        from swap returning *),
      entry (ord, account_id, amount) as (
        select ord, from_account, -amount from swap union all select ord, to_account, amount from swap),
      ${balancesMoved},
      journal as (
        insert into journal_transactions (description, transaction_id, created_at)
        select description, id, at from swap
        returning id, transaction_id),
      written as (
        insert into journal_entries (journal_id, account_id, amount, created_at)
        select journal.id, entry.account_id, entry.amount, swap.at
        from journal join swap on swap.id = journal.transaction_id join entry on entry.ord = swap.ord)
      select * from recorded`;
  }));
  const values: Record<string, unknown> = {};
  swaps.forEach((swap, index) => {
    for (const [field] of swapFields) values[`s${index}_${field}`] = swap[field];
  });
  return detectingShortfall(() => statement(executor, values));
}

import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { isoTime } from '../../db/sql-time.ts';
import type { Cursor } from '../../lib/csv.ts';
import type { Period } from '../../lib/period.ts';

const sortable = {
  type: transactions.type,
  amount: transactions.amount,
  created_at: transactions.createdAt,
  status: transactions.status,
} as const;
/** The list's sort keys, each ascending or (with a leading '-') descending. */
export const transactionSorts = Object.keys(sortable).flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

const ownedIn = (userId: string, period: Period | undefined) =>
  and(
    eq(transactions.userId, userId),
    period ? gte(transactions.createdAt, period.from) : undefined,
    period ? lt(transactions.createdAt, period.to) : undefined,
  );

/** A transaction as the CSV export reads it: text columns, and the keyset cursor of its row. */
export type TransactionCsvRow = {
  id: string;
  reference: string;
  created_at: string;
  cursor_time: string;
  type: 'credit' | 'debit' | 'transfer' | 'interest' | 'dividend';
  status: 'pending' | 'approved' | 'cancelled' | 'declined';
  amount: string;
  currency: string;
  swap_from: string | null;
  swap_to: string | null;
  mode: string | null;
  comment: string | null;
};

export function createTransactionHistory(db: Database) {
  return {
    /** One page of the user's transactions in the period, and how many there are in all. */
    async transactionPage(
      userId: string,
      query: { page: number; perPage: number; sort: string; period: Period | undefined },
    ) {
      const { page, perPage, sort } = query;
      const column = sortable[sort.replace(/^-/, '') as keyof typeof sortable];
      const where = ownedIn(userId, query.period);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(transactions)
          .where(where)
          .orderBy(sort.startsWith('-') ? desc(column) : asc(column), desc(transactions.createdAt))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.$count(transactions, where),
      ]);
      return { rows, total };
    },

    /** The next batch of the export, newest first, after the cursor. */
    transactionCsvBatch: async (
      userId: string,
      period: Period | undefined,
      after: Cursor | undefined,
      size: number,
    ) => {
      const { rows } = await db.execute<TransactionCsvRow>(sql`
        select id, reference, ${isoTime(sql`created_at`)} as created_at, created_at::text as cursor_time, type::text,
          status::text, amount::text, currency::text, swap_from::text, swap_to::text, mode, comment
        from transactions
        where user_id = ${userId}
          ${period ? sql`and created_at >= ${period.from} and created_at < ${period.to}` : sql``}
          ${after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by created_at desc, id desc limit ${size}`);
      return rows.map((row) => ({ row, cursor: { createdAt: row.cursor_time, id: row.id } }));
    },
  };
}

import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isoTime } from '../../db/sql-time.ts';
import { fileSuffix, inBatches, sendCsv } from '../../lib/csv.ts';
import { periodOf, periodQuery } from '../../lib/period.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['wallet'];

export const transactionExportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/user/transaction/export',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your transactions as CSV, newest first, with the same month or date filter as the list',
        querystring: z.object(periodQuery).strict(),
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const period = periodOf(request.query);
      const rows = inBatches(async (after, size) => {
        const { rows: batch } = await db.execute<TransactionCsvRow>(sql`
          select id, reference, ${isoTime(sql`created_at`)} as created_at, created_at::text as cursor_time, type::text,
            status::text, amount::text, currency::text, swap_from::text, swap_to::text, mode, comment
          from transactions
          where user_id = ${userId}
            ${period ? sql`and created_at >= ${period.from} and created_at < ${period.to}` : sql``}
            ${after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created_at desc, id desc limit ${size}`);
        return batch.map((row) => ({ row, cursor: { createdAt: row.cursor_time, id: row.id } }));
      });
      async function* lines() {
        for await (const { row } of rows)
          yield [
            row.reference,
            row.created_at,
            transactionTypeLabels[row.type],
            transactionStatusLabels[row.status],
            row.amount,
            row.currency,
            row.swap_from,
            row.swap_to,
            row.mode,
            row.comment,
          ];
      }
      return sendCsv(reply, `itrust-transactions${fileSuffix(request.query)}.csv`, transactionCsvHeader, lines());
    },
  );
};

type TransactionCsvRow = {
  id: string;
  reference: string;
  created_at: string;
  cursor_time: string;
  type: keyof typeof transactionTypeLabels;
  status: keyof typeof transactionStatusLabels;
  amount: string;
  currency: string;
  swap_from: string | null;
  swap_to: string | null;
  mode: string | null;
  comment: string | null;
};

/** Labels as the wallet history shows them (spec 3 §3). */
const transactionTypeLabels = {
  credit: 'Deposit',
  debit: 'Payout',
  transfer: 'Transfer',
  interest: 'Interest',
} as const;
const transactionStatusLabels = {
  pending: 'Pending',
  approved: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
} as const;
export const transactionCsvHeader = [
  'Reference',
  'Date',
  'Type',
  'Status',
  'Amount',
  'Currency',
  'From',
  'To',
  'Method',
  'Comment',
];

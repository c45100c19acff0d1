import { csvResponse } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileSuffix, inBatches, sendCsv } from '../../lib/csv.ts';
import { periodOf, periodQuery } from '../../lib/period.ts';
import { authOf } from '../../plugins/auth.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];

export const transactionExportRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  app.get(
    '/user/transaction/export',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your transactions as CSV, newest first, with the same month or date filter as the list',
        querystring: z.object(periodQuery).strict(),
        response: { 200: csvResponse('The transactions as CSV') },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const period = periodOf(request.query);
      const rows = inBatches(async (after, size) => {
        const batch = await wallet.transactionCsvBatch(userId, period, after, size);
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

/** Labels as the wallet history shows them. */
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

import { successEnvelope, transactionListResponse, transactionResponse } from '@itrust/contracts';
import { depositCoin } from '@itrust/contracts/wallet-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { wireNumber } from '../../lib/wire-number.ts';
import { exportRoute } from '../../lib/csv.ts';
import { periodOf, periodQuery } from '../../lib/period.ts';
import { requireStepUp } from '../../plugins/step-up.ts';
import { approvedUserOf, authOf } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { amountFrom, amountMessages } from '../../lib/money.ts';
import { ok, pageOf, paging } from '../../lib/responses.ts';
import { presentTransaction } from './transaction.presenter.ts';
import { transactionSorts, type WalletService } from './wallet.service.ts';

const tags = ['wallet'];
const wire = wireNumber(amountMessages.invalid);
const walletKind = z.enum(['cash', 'auto', 'brokerage'], { error: 'Choose cash, auto or brokerage.' });
const optionalText = (max: number) => z.string().trim().max(max).optional();

const created = <T>(message: string, data: T) => ({ status: 201, body: ok(message, data) });

export const transactionsRoutes: FastifyPluginAsyncZod<{ db: Database; wallet: WalletService }> = async (
  app,
  { db, wallet },
) => {
  app.get(
    '/user/transaction/fetch',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your transactions, newest first',
        querystring: z
          .object({
            ...paging(10),
            sort: z
              .enum(transactionSorts, { error: `Unknown sort. Use one of: ${transactionSorts.join(', ')}.` })
              .default('-created_at'),
            ...periodQuery,
          })
          .strict(),
        response: { 200: successEnvelope(transactionListResponse) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const { page, per_page: perPage, sort } = request.query;
      const { rows, total } = await wallet.transactionPage(userId, {
        page,
        perPage,
        sort,
        period: periodOf(request.query),
      });
      return ok('OK', { transactions: pageOf(rows.map(presentTransaction), page, perPage, total) });
    },
  );

  app.post(
    '/user/transaction/deposit',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Tell us about a deposit you have paid (pending until it arrives)',
        body: z.object({
          amount: wire,
          type: z.literal('credit').optional(),
          mode: z.enum(['crypto', 'bank'], { error: 'Choose crypto or bank.' }),
          coin: depositCoin,
          comment: optionalText(500),
        }),
        response: { 201: successEnvelope(transactionResponse) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      return idempotent(db, request, reply, userId, async () => {
        const body = request.body;
        const deposit = await wallet.requestDeposit(userId, {
          amount: amountFrom(body.amount),
          mode: body.mode,
          coin: body.coin,
          comment: body.comment,
        });
        return created(`Deposit request received. Quote the reference ${deposit.reference} with your payment.`, {
          transaction: presentTransaction(deposit),
        });
      });
    },
  );

  app.post(
    '/user/transaction/withdraw',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Ask to withdraw cash to a saved payment method (the amount is held at once)',
        body: z.object({
          amount: wire,
          payment_method_id: z.uuid('Choose a saved payment method.'),
          type: z.literal('debit').optional(),
          coin: optionalText(30),
          address: optionalText(200),
          mode: optionalText(20),
          comment: optionalText(500),
        }),
        response: { 201: successEnvelope(transactionResponse) },
      },
    },
    async (request, reply) => {
      const userId = approvedUserOf(request, 'Verify your identity before withdrawing.');
      return idempotent(db, request, reply, userId, async () => {
        const withdrawal = await wallet.requestWithdrawal(
          userId,
          {
            amount: amountFrom(request.body.amount),
            paymentMethodId: request.body.payment_method_id,
            comment: request.body.comment,
          },
          () => requireStepUp(request, 'withdraw to a destination added in the last 24 hours'),
        );
        return created('Withdrawal request received. The amount is reserved until it is paid out.', {
          transaction: presentTransaction(withdrawal),
        });
      });
    },
  );

  app.post(
    '/user/transaction/swap',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Move money between your own wallets',
        body: z.object({
          amount: wire,
          from: walletKind,
          to: walletKind,
          type: z.literal('transfer').optional(),
          comment: optionalText(500),
        }),
        response: { 201: successEnvelope(transactionResponse) },
      },
    },
    async (request, reply) => {
      const { userId, user } = authOf(request);
      return idempotent(db, request, reply, userId, async () => {
        const transfer = await wallet.swap(userId, {
          amount: amountFrom(request.body.amount),
          from: request.body.from,
          to: request.body.to,
          comment: request.body.comment,
          currency: user.currency.code,
        });
        return created('Transfer completed.', { transaction: presentTransaction(transfer) });
      });
    },
  );

  app.post(
    '/user/transaction/cancel/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Cancel one of your pending transactions',
        params: z.object({ id: z.uuid('No such transaction.') }),
        response: { 200: successEnvelope(transactionResponse) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      return idempotent(db, request, reply, userId, async () => {
        const cancelled = await wallet.cancel(userId, request.params.id);
        return { status: 200, body: ok('Transaction cancelled', { transaction: presentTransaction(cancelled) }) };
      });
    },
  );

  exportRoute(app, {
    url: '/user/transaction/export',
    tags,
    summary: 'Your transactions as CSV, newest first, with the same month or date filter as the list',
    description: 'The transactions as CSV',
    fileName: 'itrust-transactions',
    header: ['Reference', 'Date', 'Type', 'Status', 'Amount', 'Currency', 'From', 'To', 'Method', 'Comment'],
    userOf: (request) => authOf(request).userId,
    batch: wallet.transactionCsvBatch,
    line: ({ row }) => [
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
    ],
  });
};

/** Labels as the wallet history shows them. */
const transactionTypeLabels = {
  credit: 'Deposit',
  debit: 'Payout',
  transfer: 'Transfer',
  interest: 'Interest',
  dividend: 'Dividend',
} as const;
const transactionStatusLabels = {
  pending: 'Pending',
  approved: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
} as const;

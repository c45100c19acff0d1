import {
  adminTransactionListResponse,
  auditActorKind,
  auditResponse,
  savingsProductUpdateResponse,
  successEnvelope,
  transactionResponse,
  userDetailResponse,
  userSearchResponse,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PresentUser } from '../users/users.presenter.ts';
import { paymentMethodDetails, presentTransaction } from '../ledger/wallet.service.ts';
import { ok, pageOf } from '../../lib/responses.ts';
import { operatorOf, paging, reason, tags } from './admin.http.ts';
import type { AdminService } from './admin.service.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; present: PresentUser }> = async (
  app,
  { admin, present },
) => {
  app.get(
    '/admin/transactions',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Deposits and withdrawals to decide',
        querystring: z
          .object({
            'filter[status]': z.enum(['pending', 'approved', 'cancelled', 'declined']).optional(),
            'filter[type]': z.enum(['credit', 'debit', 'transfer']).optional(),
            ...paging,
          })
          .strict(),
        response: { 200: successEnvelope(adminTransactionListResponse) },
      },
    },
    async (request) => {
      const { page: current, per_page: perPage } = request.query;
      const { rows, total } = await admin.transactionsQueue(
        { status: request.query['filter[status]'], type: request.query['filter[type]'] },
        current,
        perPage,
      );
      const items = rows.map((row) => ({
        ...presentTransaction(row.transaction),
        user: { id: row.user.id, email: row.user.email, name: `${row.user.firstName} ${row.user.lastName}` },
        payment_method: row.method ? paymentMethodDetails(row.method) : null,
      }));
      return ok('OK', { transactions: pageOf(items, current, perPage, total) });
    },
  );

  app.post(
    '/admin/transactions/:id/approve',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Confirm a deposit arrived, or that a withdrawal was paid out',
        params: z.object({ id: z.uuid('No such transaction.') }),
        body: z.object({ payout_reference: z.string().trim().min(1).max(200).optional() }).nullish(),
        response: { 200: successEnvelope(transactionResponse) },
      },
    },
    async (request) => {
      const approved = await admin.approveTransaction(
        operatorOf(request),
        request.params.id,
        request.body?.payout_reference,
      );
      return ok(approved.type === 'credit' ? 'Deposit credited.' : 'Withdrawal paid out.', {
        transaction: presentTransaction(approved),
      });
    },
  );

  app.post(
    '/admin/transactions/:id/decline',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Decline a deposit or a withdrawal, with the reason',
        params: z.object({ id: z.uuid('No such transaction.') }),
        body: reason,
        response: { 200: successEnvelope(transactionResponse) },
      },
    },
    async (request) => {
      const declined = await admin.declineTransaction(operatorOf(request), request.params.id, request.body.reason);
      return ok('Transaction declined.', { transaction: presentTransaction(declined) });
    },
  );

  app.patch(
    '/admin/savings-accounts/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: "Edit a savings product's title or note (rich text; anything beyond formatting and links is removed)",
        params: z.object({ id: z.coerce.number().int().positive('No such savings account.') }),
        body: z
          .object({
            title: z.string().trim().min(1, 'The title cannot be empty.').max(120).optional(),
            note: z.string().max(10_000, 'The note is too long (10,000 characters at most).').optional(),
          })
          .strict(),
        response: { 200: successEnvelope(savingsProductUpdateResponse) },
      },
    },
    async (request) => {
      const product = await admin.updateSavingsProduct(operatorOf(request), request.params.id, request.body);
      return ok('Savings account updated.', {
        account: { id: product.id, name: product.name, title: product.title, note: product.note },
      });
    },
  );

  app.get(
    '/admin/users',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Find investors by email, username or name',
        querystring: z.object({ search: z.string().trim().min(2).max(100) }).strict(),
        response: { 200: successEnvelope(userSearchResponse) },
      },
    },
    async (request) => {
      const found = await admin.searchUsers(request.query.search);
      return ok('OK', {
        users: found.map((user) => ({
          id: user.id,
          email: user.email,
          username: user.username,
          name: `${user.firstName} ${user.lastName}`,
          kyc: user.kyc,
          role: user.role,
        })),
      });
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'An investor: profile, identity, balances, recent transactions',
        params: z.object({ id: z.uuid('No such user.') }),
        response: { 200: successEnvelope(userDetailResponse) },
      },
    },
    async (request) => {
      const { user, wallets, recent } = await admin.userDetail(request.params.id);
      return ok('OK', {
        user: { ...(await present(user)), wallet: wallets, transactions: recent.map(presentTransaction) },
      });
    },
  );

  app.get(
    '/admin/audit',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Every operator action and every security change users make, newest first; actor keeps one kind',
        querystring: z.object({ ...paging, actor: auditActorKind.optional() }).strict(),
        response: { 200: successEnvelope(auditResponse) },
      },
    },
    async (request) => {
      const { page, per_page: perPage, actor } = request.query;
      const { rows, total } = await admin.auditPage(page, perPage, actor);
      const entries = rows.map((row) => ({
        id: row.id,
        actor_kind: row.actorKind,
        actor_id: row.operatorId,
        actor_email: row.actorEmail,
        action: row.action,
        object_type: row.objectType,
        object_id: row.objectId,
        before: row.before,
        after: row.after,
        client_address: row.clientAddress,
        created_at: row.createdAt.toISOString(),
      }));
      return ok('OK', { audit: pageOf(entries, page, perPage, total) });
    },
  );
};

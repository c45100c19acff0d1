import {
  savingsHistoryResponse,
  savingsMovementResponse,
  savingsOfferingsResponse,
  savingsOpenedResponse,
  successEnvelope,
} from '@itrust/contracts';
import { savingsGoalNames, savingsHorizonNames } from '@itrust/contracts/savings-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ok, paging } from '../../lib/responses.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { exportRoute } from '../../lib/csv.ts';
import { wireNumber } from '../../lib/wire-number.ts';
import { periodOf, periodQuery } from '../../lib/period.ts';
import { approvedUserOf, authOf } from '../../plugins/auth.ts';
import type { FastifyRequest } from 'fastify';
import { idempotent } from '../../plugins/idempotency.ts';
import { amountFrom, amountMessages } from '../../lib/money.ts';
import type { SavingsService } from './savings.service.ts';

const tags = ['savings'];
const productId = z.coerce
  .number({ error: 'Choose a savings account.' })
  .int('Choose a savings account.')
  .positive('Choose a savings account.');
// Missing or null is 'Amount required!' (requiredAmount), not a type error.
const wire = wireNumber(amountMessages.invalid).nullish();

const approved = (request: FastifyRequest) =>
  approvedUserOf(request, 'Verify your identity before you open or fund a savings account.');

function requiredAmount(input: unknown) {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === ''))
    throw new ValidationFailed({ amount: ['Amount required!'] });
  return amountFrom(input);
}

export const savingsRoutes: FastifyPluginAsyncZod<{ db: Database; savings: SavingsService }> = async (
  app,
  { db, savings },
) => {
  app.get(
    '/user/savings-accounts',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'The savings accounts offered in your country, narrowed by goal and time horizon',
        querystring: z
          .object({
            goal: z.enum(savingsGoalNames, { error: `Choose a goal: ${savingsGoalNames.join(', ')}.` }).optional(),
            horizon: z
              .enum(savingsHorizonNames, {
                error: `Choose when you need the money: ${savingsHorizonNames.join(', ')}.`,
              })
              .optional(),
          })
          .strict(),
        response: { 200: successEnvelope(savingsOfferingsResponse) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      return ok('OK', { accounts: await savings.offerings(userId, request.query.goal, request.query.horizon) });
    },
  );

  app.post(
    '/user/savings-accounts/store',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Open an account of a savings product (one per product)',
        body: z.object({ savings_account_id: productId }),
        response: { 201: successEnvelope(savingsOpenedResponse) },
      },
    },
    async (request, reply) => {
      const userId = approved(request);
      const opened = await savings.open(userId, request.body.savings_account_id);
      return reply.code(201).send(
        ok(`Your ${opened.name} account is open.`, {
          savings: { id: opened.id, savings_account_id: opened.productId },
        }),
      );
    },
  );

  for (const [path, method, verb] of [
    ['/user/savings-accounts/credit', 'contribution', 'Contribute from your cash wallet'],
    ['/user/savings-accounts/debit', 'cashout', 'Cash out to your cash wallet'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'verified' },
        schema: {
          tags,
          summary: verb,
          body: z.object({
            savings_account_id: productId,
            method: z.literal(method, { error: `The method must be '${method}'.` }),
            amount: wire,
          }),
          response: { 201: successEnvelope(savingsMovementResponse) },
        },
      },
      async (request, reply) => {
        const userId = approved(request);
        return idempotent(db, request, reply, userId, async () => {
          const amount = requiredAmount(request.body.amount);
          const done =
            method === 'contribution'
              ? await savings.contribute(userId, request.body.savings_account_id, amount)
              : await savings.cashOut(userId, request.body.savings_account_id, amount);
          return {
            status: 201,
            body: ok(method === 'contribution' ? 'Contribution received.' : 'Cash-out completed.', {
              savings_history: {
                id: done.id,
                method: done.method,
                amount: done.amount,
                savings_account_id: done.savingsAccountId,
              },
            }),
          };
        });
      },
    );
  }

  app.get(
    '/user/savings-accounts/history',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your contributions and cash-outs, newest first',
        querystring: z
          .object({
            ...paging(10),
            ...periodQuery,
          })
          .strict(),
        response: { 200: successEnvelope(savingsHistoryResponse) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const { page, per_page: perPage } = request.query;
      return ok('OK', { savings_history: await savings.history(userId, page, perPage, periodOf(request.query)) });
    },
  );

  exportRoute(app, {
    url: '/user/savings-accounts/history/export',
    tags,
    summary: 'Your contributions and cash-outs as CSV, newest first, with the same month or day filter',
    description: 'Your contributions and cash-outs as CSV',
    fileName: 'itrust-savings',
    header: ['Date', 'Account', 'Method', 'Amount'],
    userOf: (request) => authOf(request).userId,
    batch: savings.historyBatch,
    line: ({ row }) => [
      row.created_at,
      row.savings_account.name,
      row.method === 'contribution' ? 'Contribution' : 'Cash-out',
      row.amount,
    ],
  });
};

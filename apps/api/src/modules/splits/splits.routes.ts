import { splitListResponse, splitNoteDays, splitRefusals, splitResponse, successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ok } from '../../lib/responses.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { operatorOf } from '../admin/admin.service.ts';
import type { SplitService } from './splits.service.ts';

const ratioSide = z.coerce.number(splitRefusals.ratio).int(splitRefusals.ratio).min(1, splitRefusals.ratio);

/** The operator console's splits, and each asset's splits for anyone who looks at the asset. */
export const splitRoutes: FastifyPluginAsyncZod<{ db: Database; splits: SplitService }> = async (
  app,
  { db, splits },
) => {
  app.get(
    '/admin/splits',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operators'],
        summary: 'Stock splits: scheduled, applied and cancelled, the latest effective date first',
        response: { 200: successEnvelope(splitListResponse) },
      },
    },
    async () => ok('OK', { splits: await splits.list() }),
  );

  app.post(
    '/admin/splits',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operators'],
        summary: 'Schedule a split (to shares for every from) of a stock for a date after today (UTC)',
        body: z.object({
          symbol: z.string(splitRefusals.noAsset).trim().min(1, splitRefusals.noAsset).max(20),
          to: ratioSide,
          from: ratioSide,
          effective_on: z.iso.date(splitRefusals.date),
        }),
        response: { 201: successEnvelope(splitResponse) },
      },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      const { symbol, to, from, effective_on: effectiveOn } = request.body;
      return idempotent(db, request, reply, operator.id, async () => {
        const split = await splits.schedule(operator, { symbol, to, from, effectiveOn });
        return { status: 201, body: ok('Split scheduled.', { split }) };
      });
    },
  );

  app.post(
    '/admin/splits/:id/cancel',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operators'],
        summary: 'Cancel a split that is still scheduled',
        params: z.object({ id: z.uuid(splitRefusals.noSplit) }),
        response: { 200: successEnvelope(splitResponse) },
      },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      return idempotent(db, request, reply, operator.id, async () => {
        const split = await splits.cancel(operator, request.params.id);
        return { status: 200, body: ok('Split cancelled.', { split }) };
      });
    },
  );

  app.get(
    '/assets/:symbol/splits',
    {
      config: { access: 'public' },
      schema: {
        tags: ['market'],
        summary: "An asset's scheduled and applied splits, the latest first",
        params: z.object({ symbol: z.string().max(20) }),
        response: { 200: successEnvelope(splitListResponse) },
      },
    },
    async (request) => {
      const shown = await splits.list(request.params.symbol);
      return ok('OK', { splits: shown.filter((split) => split.status !== 'cancelled') });
    },
  );

  app.get(
    '/user/splits',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['market'],
        summary: `Splits of the stocks you hold: scheduled, or applied to your holdings in the last ${splitNoteDays} days`,
        response: { 200: successEnvelope(splitListResponse) },
      },
    },
    async (request) => ok('OK', { splits: await splits.ofHolder(authOf(request).userId) }),
  );
};

import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/responses.ts';
import { setQuotePrice } from './tick.ts';

/**
 * A test hook of the simulated market, registered only when TEST_HOOKS=on (never in
 * production): sets an asset's price, then runs what follows a tick, so a test sees orders fill;
 * answers how many orders that ended.
 */
export const priceHookRoutes: FastifyPluginAsyncZod<{ db: Database; afterTick: () => Promise<unknown[]> }> = async (
  app,
  { db, afterTick },
) => {
  app.post(
    '/dev/market/price',
    {
      config: { access: 'public' },
      schema: {
        tags: ['market'],
        summary: 'Test hook: set an asset price and fill the orders it crosses',
        body: z.object({
          symbol: z.string().trim().min(1).max(20).toUpperCase(),
          price: z.string().regex(/^\d+(\.\d{1,8})?$/, 'The price must be a positive number.'),
        }),
        response: { 200: successEnvelope(z.object({ price: z.string(), ended: z.number().int() })) },
      },
    },
    async (request) => {
      if (!(await setQuotePrice(db, request.body.symbol, request.body.price))) throw new NotFound('No such asset.');
      const ended = await afterTick();
      return ok('Price set.', { price: request.body.price, ended: ended.length });
    },
  );
};

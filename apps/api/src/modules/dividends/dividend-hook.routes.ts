import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/responses.ts';
import type { DividendPayments } from './dividend-payments.ts';

/**
 * A test hook, registered only when TEST_HOOKS=on (never in production): pays the dividends due at
 * a later time, as if the clock had moved there, so a test sees a dividend credited.
 */
export const dividendHookRoutes: FastifyPluginAsyncZod<{ paymentsAt: (at: Date) => DividendPayments }> = async (
  app,
  { paymentsAt },
) => {
  app.post(
    '/dev/dividends/run',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dividends'],
        summary: 'Test hook: pay the dividends due at a given time',
        body: z.object({ at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date and time.' }) }),
        response: { 200: successEnvelope(z.object({ paid: z.number().int() })) },
      },
    },
    async (request) => {
      const paid = await paymentsAt(new Date(request.body.at)).runDue();
      return ok('Paid.', { paid });
    },
  );
};

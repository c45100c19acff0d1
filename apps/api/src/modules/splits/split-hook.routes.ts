import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/responses.ts';
import type { SplitApplier } from './split-apply.ts';

/**
 * A test hook of the splits, registered only when TEST_HOOKS=on (never in production): applies the
 * splits due at a later time, as if the clock had moved there, so a test sees a holding adjusted.
 */
export const splitHookRoutes: FastifyPluginAsyncZod<{ applierAt: (at: Date) => SplitApplier }> = async (
  app,
  { applierAt },
) => {
  app.post(
    '/dev/splits/run',
    {
      config: { access: 'public' },
      schema: {
        tags: ['market'],
        summary: 'Test hook: apply the splits due at a given time',
        body: z.object({ at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date and time.' }) }),
        response: { 200: successEnvelope(z.object({ applied: z.number().int() })) },
      },
    },
    async (request) => {
      const applied = await applierAt(new Date(request.body.at)).applyDue();
      return ok('Applied.', { applied: applied.length });
    },
  );
};

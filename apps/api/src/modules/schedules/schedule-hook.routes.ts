import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/responses.ts';
import type { ScheduleRuns } from './schedule-runs.ts';

/**
 * A test hook of the scheduler, registered only when TEST_HOOKS=on (never in production): runs the
 * slots due at a later time, as if the clock had moved there, so a test sees a plan run.
 */
export const scheduleHookRoutes: FastifyPluginAsyncZod<{ runsAt: (at: Date) => ScheduleRuns }> = async (
  app,
  { runsAt },
) => {
  app.post(
    '/dev/schedules/run',
    {
      config: { access: 'public' },
      schema: {
        tags: ['recurring'],
        summary: 'Test hook: run the recurring plans due at a given time',
        body: z.object({ at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date and time.' }) }),
        response: { 200: successEnvelope(z.object({ ran: z.number().int() })) },
      },
    },
    async (request) => {
      const ran = await runsAt(new Date(request.body.at)).runDue();
      return ok('Ran.', { ran: ran.length });
    },
  );
};

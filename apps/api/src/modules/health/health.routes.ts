import { healthResponse, successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: successEnvelope(healthResponse) },
      },
      config: { access: 'public', rateLimit: false },
    },
    async () => {
      try {
        await ping(db);
      } catch {
        throw new AppError(503, 'The database is not reachable.');
      }
      return {
        status: 'success' as const,
        message: 'OK',
        data: { database: 'up' as const, uptime_seconds: Math.round(process.uptime()) },
      };
    },
  );
};

import { analyticsResponse, successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.ts';
import { timeframes } from './net-worth-range.ts';
import type { PortfolioService } from './portfolio.service.ts';

export const portfolioRoutes: FastifyPluginAsyncZod<{ portfolio: PortfolioService }> = async (app, { portfolio }) => {
  app.get(
    '/user/analytics',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['portfolio'],
        summary: 'Totals of money in and out, investments and savings, and the net-worth chart of a range',
        querystring: z
          .object({
            timeframe: z.enum(timeframes, { error: `Choose a timeframe: ${timeframes.join(', ')}.` }).default('1d'),
          })
          .strict(),
        response: { 200: successEnvelope(analyticsResponse) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: 'OK',
      data: await portfolio.analytics(authOf(request).userId, request.query.timeframe),
    }),
  );
};

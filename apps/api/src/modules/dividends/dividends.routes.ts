import {
  assetDividendsResponse,
  dividendIncomeResponse,
  dividendSettingsResponse,
  successEnvelope,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ok } from '../../lib/responses.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { DividendService } from './dividends.service.ts';

const tags = ['dividends'];

export const dividendRoutes: FastifyPluginAsyncZod<{ db: Database; dividends: DividendService }> = async (
  app,
  { db, dividends },
) => {
  app.get(
    '/assets/:symbol/dividends',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A stock's upcoming dividends and those of the past year, per share in US dollars",
        params: z.object({ symbol: z.string().max(20) }),
        response: { 200: successEnvelope(assetDividendsResponse) },
      },
    },
    async (request) => ok('OK', await dividends.ofAsset(request.params.symbol)),
  );

  app.get(
    '/user/dividends',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your dividend income: this year, the last 12 months, and the latest payments',
        response: { 200: successEnvelope(dividendIncomeResponse) },
      },
    },
    async (request) => {
      const { userId, user } = authOf(request);
      return ok('OK', await dividends.income(userId, user.currency.code));
    },
  );

  app.get(
    '/user/dividends/settings',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Whether your dividends buy more of the stock that paid them',
        response: { 200: successEnvelope(dividendSettingsResponse) },
      },
    },
    async (request) => ok('OK', { reinvest: await dividends.reinvests(authOf(request).userId) }),
  );

  app.put(
    '/user/dividends/settings',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Turn dividend reinvestment on or off',
        body: z
          .object({ reinvest: z.boolean({ error: 'Say whether to reinvest dividends: true or false.' }) })
          .strict(),
        response: { 200: successEnvelope(dividendSettingsResponse) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      return idempotent(db, request, reply, userId, async () => {
        const reinvest = await dividends.setReinvest(userId, request.body.reinvest);
        return {
          status: 200,
          body: ok(reinvest ? 'Dividends will be reinvested.' : 'Dividends will stay as cash.', { reinvest }),
        };
      });
    },
  );
};

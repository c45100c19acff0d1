import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ok } from '../../lib/responses.ts';

/** What the browser needs to know about this installation: the live-chat widget id, if any, and the money limits. */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/client-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reference'],
        summary: 'Browser configuration',
        response: {
          200: successEnvelope(
            z.object({
              chat_widget_id: z.string().nullable(),
              limits: z.record(z.string(), z.tuple([z.number(), z.number()])),
            }),
          ),
        },
      },
    },
    async () =>
      ok('OK', {
        chat_widget_id: config.chatWidgetId ?? null,
        limits: {
          crypto_deposit: config.limits.cryptoDeposit,
          bank_deposit: config.limits.bankDeposit,
          withdrawal: config.limits.withdrawal,
        },
      }),
  );
};

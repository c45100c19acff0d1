import { autoModelChangeResponse, autoResponse, successEnvelope } from '@itrust/contracts';
import { autoModelIds, autoModels } from '@itrust/contracts/auto-models';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/responses.ts';
import { approvedUserOf } from '../../plugins/auth.ts';
import type { FastifyRequest } from 'fastify';
import type { AutoService } from './auto.service.ts';

const tags = ['automated investing'];

const approved = (request: FastifyRequest) => approvedUserOf(request, 'Verify your identity before you invest.');

const modelList = autoModelIds.map((id) => ({
  id,
  name: autoModels[id].name,
  description: autoModels[id].description,
  weights: Object.entries(autoModels[id].weights).map(([symbol, weight]) => ({ symbol, weight })),
}));

export const autoRoutes: FastifyPluginAsyncZod<{ auto: AutoService }> = async (app, { auto }) => {
  app.get(
    '/user/auto',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your automated-investing wallet: its model, targets, holdings and last rebalance',
        response: { 200: successEnvelope(autoResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      return ok('OK', { auto: await auto.overview(userId), models: modelList });
    },
  );

  app.put(
    '/user/auto',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Choose the model portfolio; the next run rebalances towards it',
        body: z
          .object({ model: z.enum(autoModelIds, { error: `Choose a model: ${autoModelIds.join(', ')}.` }) })
          .strict(),
        response: { 200: successEnvelope(autoModelChangeResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      await auto.setModel(userId, request.body.model);
      const message = `Your automated investing now follows the ${autoModels[request.body.model].name} model.`;
      return ok(message, { auto: await auto.overview(userId) });
    },
  );
};

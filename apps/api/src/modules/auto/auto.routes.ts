import { autoModelChangeResponse, autoResponse, successEnvelope } from '@itrust/contracts';
import { autoModelIds, autoModels } from '@itrust/contracts/auto-models';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/responses.ts';
import { Forbidden } from '../../lib/errors.ts';
import { authOf, type AuthContext } from '../../plugins/auth.ts';
import type { AutoService } from './auto.service.ts';

const tags = ['automated investing'];

function approved(auth: AuthContext) {
  if (auth.user.kyc !== 'approved') throw new Forbidden('Verify your identity before you invest.');
  return auth.userId;
}

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
      const userId = approved(authOf(request));
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
      const userId = approved(authOf(request));
      await auto.setModel(userId, request.body.model);
      const message = `Your automated investing now follows the ${autoModels[request.body.model].name} model.`;
      return ok(message, { auto: await auto.overview(userId) });
    },
  );
};

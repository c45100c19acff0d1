import { sessionListResponse, sessionParams, sessionsSignedOutResponse, successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { noData, ok } from '../../lib/responses.ts';
import { authOf } from '../../plugins/auth.ts';
import { sessionListMessages, type SessionCaller, type SessionList } from './sessions.service.ts';

const tags = ['account'];

const callerOf = (request: FastifyRequest): SessionCaller => {
  const { tokenId, userId } = authOf(request);
  return { tokenId, userId, clientAddress: request.ip };
};

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionList }> = async (app, { sessions }) => {
  app.get(
    '/user/security/sessions',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your signed-in sessions: browser, system, network, first and last seen',
        response: { 200: successEnvelope(sessionListResponse) },
      },
    },
    async (request) => ok('OK', { sessions: await sessions.list(callerOf(request)) }),
  );

  app.delete(
    '/user/security/sessions/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Sign out one of your other sessions',
        params: sessionParams,
        response: { 200: noData },
      },
    },
    async (request) => {
      await sessions.revoke(callerOf(request), request.params.id);
      return ok(sessionListMessages.signedOut, {});
    },
  );

  app.delete(
    '/user/security/sessions',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Sign out every session but this one',
        response: { 200: successEnvelope(sessionsSignedOutResponse) },
      },
    },
    async (request) =>
      ok(sessionListMessages.othersSignedOut, { signed_out: await sessions.revokeOthers(callerOf(request)) }),
  );
};

import {
  codeRequest,
  passkeyAssertionRequest,
  passkeySecondStepOptionsResponse,
  recoveryCodeRequest,
  successEnvelope,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.ts';
import { noData, ok } from '../../lib/responses.ts';
import { sessionMessages, type Sessions } from './session.service.ts';

const tags = ['access'];

/** A step-up: the user's second step again (a code, a recovery code or a passkey), for risky changes. */
export const stepUpRoutes: FastifyPluginAsyncZod<{ sessions: Sessions }> = async (app, { sessions }) => {
  app.post(
    '/user/security/step-up',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Confirm it is you with your second step, for risky changes in the next 5 minutes',
        body: codeRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      await sessions.stepUp(authOf(request), { code: request.body.code });
      return ok(sessionMessages.steppedUp, {});
    },
  );

  app.post(
    '/user/security/step-up/recovery',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Confirm it is you with a recovery code instead (it never works again)',
        body: recoveryCodeRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      await sessions.stepUp(authOf(request), { recoveryCode: request.body.code });
      return ok(sessionMessages.steppedUp, {});
    },
  );

  app.post(
    '/user/security/step-up/passkey/options',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Start confirming it is you with a passkey: null when the user has none',
        response: { 200: successEnvelope(passkeySecondStepOptionsResponse) },
      },
    },
    async (request) => ok('OK', { options: await sessions.stepUpPasskeyOptions(authOf(request)) }),
  );

  app.post(
    '/user/security/step-up/passkey',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Confirm it is you with a passkey',
        body: passkeyAssertionRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      await sessions.stepUp(authOf(request), { passkey: request.body.credential });
      return ok(sessionMessages.steppedUp, {});
    },
  );

  app.post(
    '/user/security/step-up/code',
    {
      config: { access: 'verified' },
      schema: { tags, summary: 'Email a code that confirms it is you', response: { 200: noData } },
    },
    async (request) => {
      await sessions.sendStepUpCode(authOf(request));
      return ok('Code sent.', {});
    },
  );
};

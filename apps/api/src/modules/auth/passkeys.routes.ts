import {
  passkeyAddedResponse,
  passkeyAssertionRequest,
  passkeyCreationOptionsResponse,
  passkeyRegistrationRequest,
  passkeyRequestOptionsResponse,
  passkeySecondStepOptionsResponse,
  passkeysResponse,
  sessionResponse,
  successEnvelope,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authOf, clientInfo } from '../../plugins/auth.ts';
import { requireStepUp } from '../../plugins/step-up.ts';
import { noData, ok } from '../../lib/responses.ts';
import type { SecurityEvents } from '../account/security-events.service.ts';
import type { PresentUser } from '../users/users.presenter.ts';
import { passkeyMessages, type Passkey, type Passkeys } from './passkeys.service.ts';

type Services = { passkeys: Passkeys; present: PresentUser; events: SecurityEvents };

const tags = ['access'];
const addPasskey = 'add a passkey';

const presentPasskey = (passkey: Passkey) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
});

export const passkeyRoutes: FastifyPluginAsyncZod<Services> = async (app, { passkeys, present, events }) => {
  app.get(
    '/user/passkeys',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'The passkeys of the signed-in user',
        response: { 200: successEnvelope(passkeysResponse) },
      },
    },
    async (request) => ok('OK', { passkeys: (await passkeys.list(authOf(request).userId)).map(presentPasskey) }),
  );

  app.post(
    '/user/passkeys/options',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Start adding a passkey: the options for navigator.credentials.create()',
        response: { 200: successEnvelope(passkeyCreationOptionsResponse) },
      },
    },
    async (request) => {
      requireStepUp(request, addPasskey);
      return ok('OK', { options: await passkeys.registrationOptions(authOf(request).userId) });
    },
  );

  app.post(
    '/user/passkeys',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Add a passkey; a user without recovery codes gets them here, once',
        body: passkeyRegistrationRequest,
        response: { 201: successEnvelope(passkeyAddedResponse) },
      },
    },
    async (request, reply) => {
      requireStepUp(request, addPasskey);
      const { passkey, recoveryCodes } = await passkeys.register(authOf(request).userId, request.body);
      await events.record(actorOf(request), { action: 'passkey.added', id: passkey.id });
      const message = recoveryCodes ? passkeyMessages.addedWithCodes : passkeyMessages.added;
      return reply.code(201).send(ok(message, { passkey: presentPasskey(passkey), recovery_codes: recoveryCodes }));
    },
  );

  app.delete(
    '/user/passkeys/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Remove a passkey',
        params: z.object({ id: z.uuid(passkeyMessages.notFound) }),
        response: { 200: noData },
      },
    },
    async (request) => {
      await passkeys.remove(authOf(request).userId, request.params.id);
      await events.record(actorOf(request), { action: 'passkey.removed', id: request.params.id });
      return ok(passkeyMessages.removed, {});
    },
  );

  app.post(
    '/user/login/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start signing in with a passkey: the options for navigator.credentials.get()',
        response: { 200: successEnvelope(passkeyRequestOptionsResponse) },
      },
    },
    async () => ok('OK', { options: await passkeys.signInOptions() }),
  );

  app.post(
    '/user/login/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone (its device verifies the user)',
        body: passkeyAssertionRequest,
        response: { 200: successEnvelope(sessionResponse) },
      },
    },
    async (request) => {
      const { token, user } = await passkeys.signIn(request.body.credential, clientInfo(request));
      return ok('Login success.', { token, user: await present(user) });
    },
  );

  app.post(
    '/user/verify-two-fa/passkey/options',
    {
      config: { access: 'second-step' },
      schema: {
        tags,
        summary: 'Start the second step with a passkey: null when the user has none',
        response: { 200: successEnvelope(passkeySecondStepOptionsResponse) },
      },
    },
    async (request) => ok('OK', { options: await passkeys.secondStepOptions(authOf(request)) }),
  );

  app.post(
    '/user/verify-two-fa/passkey',
    {
      config: { access: 'second-step' },
      schema: {
        tags,
        summary: 'Finish a two-factor sign-in with a passkey',
        body: passkeyAssertionRequest,
        response: { 200: successEnvelope(sessionResponse) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { token, user } = await passkeys.secondStep(auth, request.body.credential, clientInfo(request));
      return ok('Login success.', { token, user: await present(user) });
    },
  );
};

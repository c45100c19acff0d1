import {
  authenticatorConfirmResponse,
  authenticatorRemoveRequest,
  authenticatorSetupResponse,
  authenticatorStatusResponse,
  codeRequest,
  recoveryCodesResponse,
  successEnvelope,
  userResourceResponse,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/responses.ts';
import { actorOf, authOf, wholeUserOf } from '../../plugins/auth.ts';
import { requireStepUp } from '../../plugins/step-up.ts';
import { authenticatorMessages, type Authenticator } from '../auth/session.service.ts';
import type { PresentUser } from '../users/users.presenter.ts';
import type { ProfileService } from './profile.service.ts';
import type { SecurityEvents } from './security-events.service.ts';
import { strongMethodMessages, type StrongMethods } from './strong-methods.service.ts';

type Services = {
  authenticator: Authenticator;
  strongMethods: StrongMethods;
  profile: ProfileService;
  present: PresentUser;
  events: SecurityEvents;
};

const tags = ['account'];
const setUpApp = 'set up an authenticator app';

export const authenticatorRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { authenticator, strongMethods, profile, present, events },
) => {
  const currentUser = async (userId: string) => present(await profile.current(userId));

  app.get(
    '/user/authenticator',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Whether an authenticator app is set up, and how many recovery codes are left',
        response: { 200: successEnvelope(authenticatorStatusResponse) },
      },
    },
    async (request) => {
      const { authenticatorAt, recoveryCodesLeft } = await strongMethods.status(authOf(request).userId);
      return ok('OK', {
        authenticator_at: authenticatorAt?.toISOString() ?? null,
        recovery_codes_left: recoveryCodesLeft,
      });
    },
  );

  app.post(
    '/user/authenticator',
    {
      config: { access: 'verified', wholeUser: true },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its otpauth:// URI',
        response: { 200: successEnvelope(authenticatorSetupResponse) },
      },
    },
    async (request) => {
      requireStepUp(request, setUpApp);
      return ok(
        'Scan the QR code, then enter the code your app shows.',
        await authenticator.start(wholeUserOf(request)),
      );
    },
  );

  app.post(
    '/user/authenticator/confirm',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Confirm the authenticator app with its first code; returns the recovery codes, once',
        body: codeRequest,
        response: { 200: successEnvelope(authenticatorConfirmResponse) },
      },
    },
    async (request) => {
      requireStepUp(request, setUpApp);
      const { userId } = authOf(request);
      const recoveryCodes = await authenticator.confirm(userId, request.body.code);
      await events.record(actorOf(request), { action: 'authenticator.added' });
      return ok(authenticatorMessages.setUp, { recovery_codes: recoveryCodes, user: await currentUser(userId) });
    },
  );

  app.post(
    '/user/authenticator/remove',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Remove the authenticator app, with the password or a current code from it',
        body: authenticatorRemoveRequest,
        response: { 200: successEnvelope(userResourceResponse) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      await strongMethods.removeAuthenticator(userId, request.body);
      await events.record(actorOf(request), { action: 'authenticator.removed' });
      return ok(authenticatorMessages.removed, { user: await currentUser(userId) });
    },
  );

  app.post(
    '/user/recovery-codes',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Make new recovery codes; the old ones stop working',
        response: { 200: successEnvelope(recoveryCodesResponse) },
      },
    },
    async (request) => {
      const codes = await strongMethods.regenerateRecoveryCodes(authOf(request).userId);
      return ok(strongMethodMessages.regenerated, { recovery_codes: codes });
    },
  );
};

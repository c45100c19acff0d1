import {
  codeRequest,
  forgotPasswordRequest,
  loginResponse,
  loginRequest,
  passwordCheckRequest,
  recoveryCodeRequest,
  registerRequest,
  resetLinkRequest,
  resetPasswordRequest,
  sessionResponse,
  successEnvelope,
  userResourceResponse,
  verifyResetCodeRequest,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, clientInfo } from '../../plugins/auth.ts';
import { noData, ok } from '../../lib/responses.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import type { PresentUser } from '../users/users.presenter.ts';
import { passwordProblem } from '../../lib/passwords.ts';
import type { PasswordReset } from './password-reset.service.ts';
import { resetMessages } from './password-reset.service.ts';
import type { createRegistration } from './registration.service.ts';
import type { Sessions } from './session.service.ts';

type Services = {
  registration: ReturnType<typeof createRegistration>;
  sessions: Sessions;
  passwordReset: PasswordReset;
  present: PresentUser;
};

const tags = ['access'];

export const authRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { registration, sessions, passwordReset, present },
) => {
  app.post(
    '/user/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create an account',
        body: registerRequest,
        response: { 201: successEnvelope(sessionResponse) },
      },
    },
    async (request, reply) => {
      const { token, user } = await registration.register(request.body, clientInfo(request));
      return reply.code(201).send(
        ok('Account created. We have emailed you a code to verify your email address.', {
          token,
          user: await present(user),
        }),
      );
    },
  );

  // The password rules that need the server's word list, checked before the last step of sign-up.
  app.post(
    '/user/password/check',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a new password against the password rules',
        body: passwordCheckRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      const problem = passwordProblem(request.body.password);
      if (problem) throw new ValidationFailed({ password: [problem] });
      return ok('The password can be used.', {});
    },
  );

  app.post(
    '/user/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with email or username',
        body: loginRequest,
        response: { 200: successEnvelope(loginResponse) },
      },
    },
    async (request) => {
      const { token, user, secondStep, secondStepMethod } = await sessions.login(
        request.body.login,
        request.body.password,
        clientInfo(request),
      );
      return ok('Login success.', {
        token,
        user: await present(user),
        second_step: secondStep,
        second_step_method: secondStepMethod,
      });
    },
  );

  app.post(
    '/user/verify-two-fa',
    {
      config: { access: 'second-step' },
      schema: {
        tags,
        summary: 'Finish a two-factor sign-in',
        body: codeRequest,
        response: { 200: successEnvelope(sessionResponse) },
      },
    },
    async (request) => {
      const { token, user } = await sessions.verifyTwoFactor(authOf(request), request.body.code, clientInfo(request));
      return ok('Login success.', { token, user: await present(user) });
    },
  );

  app.post(
    '/user/verify-two-fa/recovery',
    {
      config: { access: 'second-step' },
      schema: {
        tags,
        summary: 'Finish a two-factor sign-in with a recovery code instead',
        body: recoveryCodeRequest,
        response: { 200: successEnvelope(sessionResponse) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { token, user } = await sessions.verifyRecoveryCode(auth, request.body.code, clientInfo(request));
      return ok('Login success.', { token, user: await present(user) });
    },
  );

  app.post(
    '/user/resend-two-fa',
    {
      config: { access: 'second-step' },
      schema: { tags, summary: 'Send the sign-in code again', response: { 200: noData } },
    },
    async (request) => {
      await sessions.resendTwoFactor(authOf(request));
      return ok('Code resent.', {});
    },
  );

  app.post(
    '/user/logout',
    { config: { access: 'any-token' }, schema: { tags, summary: 'Sign out this token', response: { 200: noData } } },
    async (request) => {
      await sessions.logout(authOf(request));
      return ok('Logged out.', {});
    },
  );

  app.post(
    '/user/email/verify',
    {
      config: { access: 'unverified' },
      schema: {
        tags,
        summary: 'Verify the email address',
        body: codeRequest,
        response: { 200: successEnvelope(userResourceResponse) },
      },
    },
    async (request) => {
      const user = await sessions.verifyEmail(authOf(request), request.body.code);
      return ok('Email verified.', { user: await present(user) });
    },
  );

  app.post(
    '/user/email/resend',
    {
      config: { access: 'unverified' },
      schema: { tags, summary: 'Send the email verification code again', response: { 200: noData } },
    },
    async (request) => {
      await sessions.resendEmailVerification(authOf(request));
      return ok('Code resent.', {});
    },
  );

  app.post(
    '/user/password/forgot',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Email a password reset code', body: forgotPasswordRequest, response: { 200: noData } },
    },
    async (request, reply) => {
      const { send } = await passwordReset.forgot(request.body.email);
      // The code is made and mailed once the response has left: its time must not tell that the account exists.
      await reply.send(ok(resetMessages.sent, {}));
      // A turn of the event loop first, so that nothing waiting on the response in this process waits on the work too.
      await new Promise((resolve) => setImmediate(resolve));
      await send().catch((error: unknown) => request.log.error({ err: error }, 'password reset code not sent'));
      return reply;
    },
  );

  app.post(
    '/user/password/verify',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Check a password reset code', body: verifyResetCodeRequest, response: { 200: noData } },
    },
    async (request) => {
      await passwordReset.verify(request.body.email, request.body.code);
      return ok(resetMessages.verified, {});
    },
  );

  app.post(
    '/user/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Choose a new password with a reset code',
        body: resetPasswordRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body.email, request.body.code, request.body.password);
      return ok(resetMessages.updated, {});
    },
  );

  app.post(
    '/user/password/reset-link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Choose a new password with the link mailed while reset codes are locked',
        body: resetLinkRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      await passwordReset.resetWithLink(request.body.token, request.body.password);
      return ok(resetMessages.updated, {});
    },
  );
};

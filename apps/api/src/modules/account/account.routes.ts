import {
  emailChangeConfirmRequest,
  emailChangeUndoRequest,
  notificationsResponse,
  notificationPreferencesUpdate,
  passwordChangeRequest,
  profileUpdateRequest,
  successEnvelope,
  twoFactorToggleRequest,
  userResourceResponse,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noData, ok } from '../../lib/responses.ts';
import { actorOf, authOf } from '../../plugins/auth.ts';
import { requireStepUp } from '../../plugins/step-up.ts';
import type { SecurityEvents } from './security-events.service.ts';
import { emailChangeMessages, type EmailChange } from './email-change.service.ts';
import type { PresentUser } from '../users/users.presenter.ts';
import type { NotificationPreferencesStore } from './notifications.ts';
import type { ProfileService } from './profile.service.ts';
import { securityMessages, type SecurityService } from './security.service.ts';

type Services = {
  profile: ProfileService;
  emailChange: EmailChange;
  security: SecurityService;
  events: SecurityEvents;
  notifications: NotificationPreferencesStore;
  present: PresentUser;
};

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { profile, emailChange, security, events, notifications, present },
) => {
  const currentUser = async (userId: string) => present(await profile.current(userId));

  // The old client sends POST with _method=PATCH; PATCH itself is accepted too.
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/user/profile',
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Update the profile (blank fields keep their values)',
        body: profileUpdateRequest,
        response: { 200: successEnvelope(userResourceResponse) },
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        const { emailChangeSentTo } = await profile.update(userId, request.body, () =>
          requireStepUp(request, 'change your email address'),
        );
        if (emailChangeSentTo) await events.record(actorOf(request), { action: 'email_change.started' });
        const message = emailChangeSentTo
          ? `Profile updated. We sent a code to ${emailChangeSentTo} and another to your current address: ` +
            'your email changes once you enter both.'
          : 'Profile updated.';
        return ok(message, { user: await currentUser(userId) });
      },
    });
  }

  app.post(
    '/user/profile/email/verify',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Confirm a new email address with the codes sent to it and to the current address',
        body: emailChangeConfirmRequest,
        response: { 200: successEnvelope(userResourceResponse) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      await emailChange.confirm(userId, request.body.new_email_code, request.body.current_email_code);
      return ok('Email address changed.', { user: await currentUser(userId) });
    },
  );

  app.post(
    '/user/profile/email/undo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Undo an email change with the link sent to the old address, setting a new password',
        body: emailChangeUndoRequest,
        response: { 200: noData },
      },
    },
    async (request) => {
      const restored = await emailChange.undo(request.body.token, request.body.password);
      return ok(emailChangeMessages.undone(restored), {});
    },
  );

  app.post(
    '/user/profile/password',
    {
      config: { access: 'verified' },
      schema: { tags, summary: 'Change the password', body: passwordChangeRequest, response: { 200: noData } },
    },
    async (request) => {
      requireStepUp(request, 'change your password');
      await security.changePassword(authOf(request), request.body.old_password, request.body.new_password);
      await events.record(actorOf(request), { action: 'password.changed' });
      return ok(securityMessages.passwordChanged, {});
    },
  );

  app.post(
    '/user/profile/two-fa',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Switch two-factor sign-in on, or off with the password or an emailed code',
        body: twoFactorToggleRequest,
        response: { 200: successEnvelope(userResourceResponse) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const message = await security.toggleTwoFactor(auth, request.body ?? {}, () =>
        requireStepUp(request, 'switch two-factor sign-in off'),
      );
      if (message === securityMessages.twoFactorOff) await events.record(actorOf(request), { action: 'two_fa.off' });
      return ok(message, { user: await currentUser(auth.userId) });
    },
  );

  app.post(
    '/user/profile/two-fa/code',
    {
      config: { access: 'verified' },
      schema: { tags, summary: 'Email a code that switches two-factor sign-in off', response: { 200: noData } },
    },
    async (request) => {
      await security.sendTwoFactorOffCode(authOf(request));
      return ok('Code sent.', {});
    },
  );

  app.get(
    '/user/notifications',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Notification preferences',
        response: { 200: successEnvelope(notificationsResponse) },
      },
    },
    async (request) => ok('OK', { notifications: await notifications.read(authOf(request).userId) }),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/user/notifications',
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Change notification preferences',
        body: notificationPreferencesUpdate,
        response: { 200: successEnvelope(notificationsResponse) },
      },
      handler: async (request) =>
        ok('Notification preferences saved.', {
          notifications: await notifications.update(authOf(request).userId, request.body),
        }),
    });
  }
};

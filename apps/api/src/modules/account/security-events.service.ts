import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { plainMail } from '../../lib/mail/mailer.ts';
import type { UsersRepository } from '../users/users.repository.ts';

/** Who made a security change, and from where (the audit log keeps the address). */
export type SecurityActor = { userId: string; clientAddress: string };

const notYou = 'If this was not you, change your password now and sign out your other sessions under Security.';
const when = (at: Date) => at.toUTCString();

/** What the owner is told of each security change. */
const mails = {
  'session.revoked': (count: number) => ({
    subject: 'Sessions of your Itrust account were signed out',
    lines: [
      `${count === 1 ? 'One session' : `${count} sessions`} of your Itrust account ${count === 1 ? 'was' : 'were'} just signed out from Security.`,
      'If this was not you, change your password now: whoever did it is signed in to your account.',
    ],
  }),
  'payment_method.added': (usableAt: Date) => ({
    subject: 'A withdrawal destination was added to your Itrust account',
    lines: [
      `A new withdrawal destination was added to your account. Money can go to it from ${when(usableAt)}.`,
      notYou,
    ],
  }),
  'password.changed': () => ({
    subject: 'Your Itrust password was changed',
    lines: ['The password of your Itrust account was just changed, and your other sessions were signed out.', notYou],
  }),
  'two_fa.off': () => ({
    subject: 'Two-factor sign-in was switched off on your Itrust account',
    lines: ['Two-factor sign-in was just switched off on your Itrust account.', notYou],
  }),
  'authenticator.added': () => ({
    subject: 'An authenticator app was set up on your Itrust account',
    lines: ['An authenticator app now gives the second step of signing in to your Itrust account.', notYou],
  }),
  'authenticator.removed': () => ({
    subject: 'The authenticator app was removed from your Itrust account',
    lines: ['The authenticator app no longer gives the second step of signing in to your Itrust account.', notYou],
  }),
  'passkey.added': () => ({
    subject: 'A passkey was added to your Itrust account',
    lines: ['A new passkey can now sign in to your Itrust account.', notYou],
  }),
  'passkey.removed': () => ({
    subject: 'A passkey was removed from your Itrust account',
    lines: ['A passkey was removed from your Itrust account and can no longer sign in.', notYou],
  }),
};

type Event =
  | { action: 'session.revoked'; ids: string[] }
  | { action: 'payment_method.added'; id: string; usableAt: Date }
  | { action: 'password.changed' }
  | { action: 'email_change.started' }
  | { action: 'two_fa.off' }
  | { action: 'authenticator.added' }
  | { action: 'authenticator.removed' }
  | { action: 'passkey.added'; id: string }
  | { action: 'passkey.removed'; id: string };

const objectsOf = (event: Event): [string, string[]] => {
  if (event.action === 'session.revoked') return ['session', event.ids];
  if (event.action === 'payment_method.added') return ['payment_method', [event.id]];
  if (event.action === 'passkey.added' || event.action === 'passkey.removed') return ['passkey', [event.id]];
  return ['user', []];
};

const mailOf = (event: Event) => {
  if (event.action === 'session.revoked') return mails[event.action](event.ids.length);
  if (event.action === 'payment_method.added') return mails[event.action](event.usableAt);
  // The email change already mails both addresses: a code to each, then the undo link.
  if (event.action === 'email_change.started') return undefined;
  return mails[event.action]();
};

/** Each security change is written to the audit log, with the user as its actor, and mailed to the owner. */
export function createSecurityEvents(deps: { db: Database; clock: Clock; users: UsersRepository; mail: MailQueue }) {
  const { db, clock, users, mail } = deps;
  return {
    async record(actor: SecurityActor, event: Event): Promise<void> {
      const [objectType, ids] = objectsOf(event);
      if (event.action === 'session.revoked' && ids.length === 0) return;
      await db.insert(auditLog).values(
        (objectType === 'user' ? [actor.userId] : ids).map((objectId) => ({
          actorKind: 'user' as const,
          operatorId: actor.userId,
          action: event.action,
          objectType,
          objectId,
          clientAddress: actor.clientAddress,
          createdAt: clock.now(),
        })),
      );
      const message = mailOf(event);
      const user = message && (await users.findById(actor.userId));
      if (user) await mail.queue(plainMail(user, message.subject, message.lines));
    },
  };
}

export type SecurityEvents = ReturnType<typeof createSecurityEvents>;

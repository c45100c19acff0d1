import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import { emailChangeUndos } from '../../db/schema/index.ts';
import { AppError, Conflict, ValidationFailed, type FieldErrors } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { newAccessToken, sha256 } from '../../lib/secrets.ts';
import { resendRules, type AuthDependencies } from '../auth/session.service.ts';
import type { UserWithCurrency } from '../users/users.repository.ts';
import { accountMail } from './account.mail.ts';
import { createPasswordCheck } from './password-check.ts';

export const emailChangeMessages = {
  passwordNeeded: 'Enter your current password to change your email address.',
  wrongPassword: 'The password is incorrect.',
  taken: 'The email has already been taken.',
  nothingWaiting: 'There is no email change waiting for a code.',
  tooManyForAccount: (wait: string) =>
    `You have asked for several email changes. Please wait ${wait} before asking for another.`,
  tooManyForAddress: (wait: string) =>
    `This address has been sent several codes recently. Please wait ${wait} before asking for another.`,
  undoDead: 'This link no longer works: it works once, within 7 days of the change.',
  undoTaken: 'Your old address now belongs to another account, so it cannot be put back. Please contact support.',
  undone: (email: string) =>
    `Your email address is back to ${email}. Every session has been signed out: sign in with your new password.`,
} as const;

export const undoLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const accountKey = (userId: string) => `email-change:${userId}`;

export function createEmailChange(deps: AuthDependencies) {
  const { db, clock, users, codes, tokens, throttle, mail, appUrl } = deps;
  const passwordMatches = createPasswordCheck(db, throttle);

  /** A code's check or use, whose refusal names the box it is about. */
  async function forBox<T>(field: string, sentTo: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
      throw new AppError(422, `Code sent to ${sentTo}: ${error.message}`, { [field]: [error.message] });
    }
  }

  async function lock(tx: Executor, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  return {
    /** What stands in the way of moving the user to `newEmail`, before the password is checked. */
    async problems(user: UserWithCurrency, newEmail: string, password: string | undefined): Promise<FieldErrors> {
      const errors: FieldErrors = {};
      if (await users.emailTaken(newEmail, { at: clock.now(), exceptUserId: user.id }))
        errors['email'] = [emailChangeMessages.taken];
      if (!password) errors['current_password'] = [emailChangeMessages.passwordNeeded];
      return errors;
    },

    /** The password, never the token alone, moves an account to another address; wrong tries count. */
    async checkPassword(user: UserWithCurrency, password: string): Promise<void> {
      if (!(await passwordMatches(user.id, user.passwordHash, password)))
        throw new ValidationFailed({ current_password: [emailChangeMessages.wrongPassword] });
    },

    /** In the profile update's transaction: throttles per account and per new address, then makes both codes. */
    async start(tx: Executor, userId: string, newEmail: string) {
      const addressKey = `email-change-to:${newEmail}`;
      await lock(tx, accountKey(userId));
      await lock(tx, addressKey);
      // Throttled as code resends are, per account and per address written to.
      await throttle.consume(tx, accountKey(userId), resendRules, emailChangeMessages.tooManyForAccount);
      await throttle.consume(tx, addressKey, resendRules, emailChangeMessages.tooManyForAddress);
      return {
        newCode: await codes.insert(tx, userId, 'email_change'),
        currentCode: await codes.insert(tx, userId, 'email_change_current'),
      };
    },

    async mailCodes(user: UserWithCurrency, newEmail: string, sent: { newCode: string; currentCode: string }) {
      await mail.queue(accountMail.emailChange({ email: newEmail, firstName: user.firstName }, sent.newCode));
      await mail.queue(accountMail.emailChangeCurrent(user, newEmail, sent.currentCode));
    },

    /** Both codes make the new address the account's; the old one is told, with a link that undoes it. */
    async confirm(userId: string, newCode: string, currentCode: string): Promise<void> {
      const waiting = await users.findById(userId);
      if (!waiting?.pendingEmail) throw new Conflict(emailChangeMessages.nothingWaiting);
      // Each check counts a wrong code in a transaction of its own, which a refusal cannot undo; the
      // change then takes one connection, never a second while it holds the first.
      await forBox('new_email_code', waiting.pendingEmail, () =>
        codes.check(userId, 'email_change', newCode, { consume: false }),
      );
      await forBox('current_email_code', waiting.email, () =>
        codes.check(userId, 'email_change_current', currentCode, { consume: false }),
      );
      const notice = await withKeyLock(db, accountKey(userId), async (tx) => {
        const user = await users.findById(userId, tx);
        if (!user?.pendingEmail) throw new Conflict(emailChangeMessages.nothingWaiting);
        if (await users.emailTaken(user.pendingEmail, { at: clock.now(), exceptUserId: userId, tx }))
          throw new ValidationFailed({ email: [emailChangeMessages.taken] });
        const pendingEmail = user.pendingEmail;
        await forBox('new_email_code', pendingEmail, () => codes.use(tx, userId, 'email_change', newCode));
        await forBox('current_email_code', user.email, () =>
          codes.use(tx, userId, 'email_change_current', currentCode),
        );
        const now = clock.now();
        const token = newAccessToken();
        await tx.insert(emailChangeUndos).values({
          userId,
          tokenHash: sha256(token),
          oldEmail: user.email,
          newEmail: user.pendingEmail,
          createdAt: now,
          expiresAt: new Date(now.getTime() + undoLifetimeMs),
        });
        await users.update(userId, { email: user.pendingEmail, pendingEmail: null, emailVerifiedAt: now }, tx);
        return { user, newEmail: user.pendingEmail, token };
      });
      const link = `${appUrl}/undo-email-change#token=${notice.token}`;
      await mail.queue(accountMail.emailChanged(notice.user, notice.newEmail, link));
    },

    /**
     * Puts the old address back, sets a new password and signs out every session. The links of
     * this change and of later ones die with it; an earlier change's link still works.
     */
    async undo(token: string, password: string): Promise<string> {
      const problem = passwordProblem(password);
      if (problem) throw new ValidationFailed({ password: [problem] });
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const [undo] = await tx
          .select()
          .from(emailChangeUndos)
          .where(eq(emailChangeUndos.tokenHash, sha256(token)))
          .for('update');
        const now = clock.now();
        if (!undo || undo.usedAt || undo.expiresAt <= now)
          throw new AppError(422, emailChangeMessages.undoDead, { token: [emailChangeMessages.undoDead] });
        await lock(tx, accountKey(undo.userId));
        if (await users.emailTaken(undo.oldEmail, { at: now, exceptUserId: undo.userId, tx }))
          throw new Conflict(emailChangeMessages.undoTaken);
        await tx
          .update(emailChangeUndos)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailChangeUndos.userId, undo.userId),
              gte(emailChangeUndos.createdAt, undo.createdAt),
              isNull(emailChangeUndos.usedAt),
            ),
          );
        await users.update(
          undo.userId,
          { email: undo.oldEmail, pendingEmail: null, emailVerifiedAt: now, passwordHash },
          tx,
        );
        await tokens.revokeAllOf(undo.userId, tx);
        return undo.oldEmail;
      });
    },
  };
}

export type EmailChange = ReturnType<typeof createEmailChange>;

import { normalizeEmail } from '@itrust/contracts';
import type { Executor } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { authMail } from './auth.mail.ts';
import { resendRules, resendWait } from './codes.ts';
import type { AuthDependencies } from './session.service.ts';

export const resetMessages = {
  sent: 'If an account exists for this email address, we have sent a password reset code to it.',
  verified: 'Code verified.',
  updated: 'Password updated.',
} as const;

export function createPasswordReset(deps: AuthDependencies) {
  const { db, clock, users, tokens, codes, throttle, mail, appUrl } = deps;

  // The code (or link) reached the inbox, which proves the address as well as a verification code would.
  async function setPassword(user: { id: string; emailVerifiedAt: Date | null }, passwordHash: string, tx: Executor) {
    await codes.unlockAfterReset(tx, user.id);
    await users.update(user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? clock.now() }, tx);
    await tokens.revokeAllOf(user.id, tx);
  }

  // An unknown email is checked like an account without a code: same response, same work.
  async function holderOf(email: string) {
    const user = await users.findByEmail(email);
    return { user, holder: user ? { userId: user.id } : { unknownEmail: email } };
  }

  return {
    /**
     * Throttled per email address whether or not an account has it, and the response is the same either way.
     * The response goes before the code is made and mailed (`send`), so its time does not tell either.
     */
    async forgot(email: string): Promise<{ send: () => Promise<void> }> {
      const key = `code:password_reset:${normalizeEmail(email)}`;
      await withKeyLock(db, key, (tx) => throttle.consume(tx, key, resendRules, resendWait));
      return {
        send: async () => {
          const user = await users.findByEmail(email);
          if (!user) return;
          const token = await codes.resetLink(user.id);
          if (token) return mail.queue(authMail.resetLink(user, `${appUrl}/reset-password-link#token=${token}`));
          const code = await db.transaction((tx) => codes.insert(tx, user.id, 'password_reset'));
          await mail.queue(authMail.passwordReset(user, code));
        },
      };
    },

    async verify(email: string, code: string) {
      const { holder } = await holderOf(email);
      await codes.checkReset(holder, code, { consume: false });
    },

    /** Sets the new password and signs the user out everywhere. */
    async reset(email: string, code: string, password: string) {
      const problem = passwordProblem(password);
      if (problem) throw new ValidationFailed({ password: [problem] });
      const { user, holder } = await holderOf(email);
      await codes.checkReset(holder, code, { consume: true });
      if (!user) throw new Error('a reset code matched no account');
      const passwordHash = await hashPassword(password);
      await db.transaction((tx) => setPassword(user, passwordHash, tx));
    },

    /** Sets the new password with the link mailed while reset codes are locked for good, and unlocks them. */
    async resetWithLink(token: string, password: string) {
      const problem = passwordProblem(password);
      if (problem) throw new ValidationFailed({ password: [problem] });
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const user = await users.findById(await codes.checkResetLink(tx, token), tx);
        if (!user) throw new Error('a reset link matched no account');
        await codes.unlockReset(tx, user.id);
        await setPassword(user, passwordHash, tx);
      });
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;

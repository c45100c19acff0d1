import { normalizeEmail } from '@itrust/contracts';
import type { Database } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, ValidationFailed } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Throttle } from '../../lib/throttle.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { authMail } from './auth.mail.ts';
import { codeMessages, resendRules, type Codes } from './codes.ts';
import { passwordProblem } from './password-policy.ts';
import type { Tokens } from './tokens.ts';

export const resetMessages = {
  sent: 'If an account exists for this email address, we have sent a password reset code to it.',
  verified: 'Code verified.',
  updated: 'Password updated.',
} as const;

export function createPasswordReset(deps: {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  tokens: Tokens;
  codes: Codes;
  throttle: Throttle;
  mail: MailQueue;
}) {
  const { db, clock, users, tokens, codes, throttle, mail } = deps;

  // An unknown email gets the same 'wrong code' answer as a wrong code, so answers never tell which emails exist.
  async function userWithCode(email: string) {
    const user = await users.findByEmail(email);
    if (!user) throw new AppError(422, codeMessages.wrong, { code: [codeMessages.wrong] });
    return user;
  }

  return {
    /** Throttled per email address whether or not an account has it, and answered the same either way. */
    async forgot(email: string) {
      const key = `code:password_reset:${normalizeEmail(email)}`;
      const sent = await withKeyLock(db, key, async (tx) => {
        await throttle.enforce(tx, key, resendRules, (wait) => `Please wait ${wait} before asking for another code.`);
        await throttle.record(tx, key);
        const user = await users.findByEmail(email, tx);
        return user ? { user, code: await codes.insert(tx, user.id, 'password_reset') } : undefined;
      });
      if (sent)
        await mail.queue(authMail.passwordReset({ email: sent.user.email, firstName: sent.user.firstName }, sent.code));
    },

    async verify(email: string, code: string) {
      const user = await userWithCode(email);
      await codes.check(user.id, 'password_reset', code, { consume: false });
    },

    /** Sets the new password and signs the user out everywhere. */
    async reset(email: string, code: string, password: string) {
      const problem = passwordProblem(password);
      if (problem) throw new ValidationFailed({ password: [problem] });
      const user = await userWithCode(email);
      await codes.check(user.id, 'password_reset', code, { consume: true });
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        // The code reached this inbox, which proves the address as well as a verification code would.
        await users.update(user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? clock.now() }, tx);
        await tokens.revokeAllOf(user.id, tx);
      });
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;

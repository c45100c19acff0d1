import { and, eq, isNull, ne } from 'drizzle-orm';
import { accessTokens } from '../../db/schema/index.ts';
import { AppError, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import type { Authenticated, AuthDependencies } from '../auth/session.service.ts';
import { accountMail } from './account.mail.ts';
import { createPasswordCheck } from './password-check.ts';

export const securityMessages = {
  wrongOldPassword: 'The old password is incorrect.',
  wrongPassword: 'The password is incorrect.',
  proofNeeded: 'Enter your password or the code we emailed you to switch two-factor sign-in off.',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  twoFactorOn: 'Two-factor sign-in is on. We will email you a code each time you sign in.',
  twoFactorOff: 'Two-factor sign-in is off.',
} as const;

export function createSecurityService(deps: AuthDependencies) {
  const { db, clock, users, codes, throttle, mail } = deps;

  async function user(userId: string) {
    const found = await users.findById(userId);
    if (!found) throw new NotFound();
    return found;
  }

  const passwordMatches = createPasswordCheck(db, throttle);

  return {
    /** The old password must match; every other token of the user dies, the current one stays. */
    async changePassword(auth: Authenticated, oldPassword: string, newPassword: string): Promise<void> {
      const current = await user(auth.userId);
      if (!(await passwordMatches(current.id, current.passwordHash, oldPassword))) {
        throw new ValidationFailed({ old_password: [securityMessages.wrongOldPassword] });
      }
      const problem = passwordProblem(newPassword);
      if (problem) throw new ValidationFailed({ new_password: [problem] });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.update(current.id, { passwordHash }, tx);
        await tx
          .update(accessTokens)
          .set({ revokedAt: clock.now() })
          .where(
            and(eq(accessTokens.userId, current.id), ne(accessTokens.id, auth.tokenId), isNull(accessTokens.revokedAt)),
          );
      });
    },

    /**
     * On needs nothing more; off needs a step-up (`confirmOff` asks for it) and the password or a fresh
     * emailed code, never the token alone.
     */
    async toggleTwoFactor(
      auth: Authenticated,
      proof: { password?: string | undefined; code?: string | undefined },
      confirmOff: () => void,
    ): Promise<string> {
      const current = await user(auth.userId);
      if (!current.twoFaActivatedAt) {
        await users.update(current.id, { twoFaActivatedAt: clock.now() });
        return securityMessages.twoFactorOn;
      }
      confirmOff();
      if (proof.password) {
        if (!(await passwordMatches(current.id, current.passwordHash, proof.password))) {
          throw new ValidationFailed({ password: [securityMessages.wrongPassword] });
        }
      } else if (proof.code) {
        await codes.check(current.id, 'two_fa_disable', proof.code, { consume: true });
      } else {
        throw new AppError(422, securityMessages.proofNeeded, { password: [securityMessages.proofNeeded] });
      }
      await users.update(current.id, { twoFaActivatedAt: null });
      return securityMessages.twoFactorOff;
    },

    async sendTwoFactorOffCode(auth: Authenticated): Promise<void> {
      const current = await user(auth.userId);
      const code = await codes.resend(current.id, 'two_fa_disable');
      await mail.queue(accountMail.twoFactorOff(current, code));
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;

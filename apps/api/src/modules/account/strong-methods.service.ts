import { AppError, Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import type { AuthDependencies } from '../auth/session.service.ts';
import { authenticatorMessages } from '../auth/session.service.ts';
import { createPasswordCheck } from './password-check.ts';
import { securityMessages } from './security.service.ts';

export const strongMethodMessages = {
  noStrongMethod: 'Set up an authenticator app first: recovery codes stand in for it.',
  regenerated: 'New recovery codes made. The old ones no longer work.',
} as const;

/** Security's part for the authenticator app and the recovery codes that stand in for it. */
export function createStrongMethods(deps: AuthDependencies) {
  const { db, users, throttle, authenticator, recoveryCodes } = deps;
  const passwordMatches = createPasswordCheck(db, throttle);

  async function user(userId: string) {
    const found = await users.findById(userId);
    if (!found) throw new NotFound();
    return found;
  }

  return {
    async status(userId: string) {
      const current = await user(userId);
      return { authenticatorAt: current.authenticatorAt, recoveryCodesLeft: await recoveryCodes.left(userId) };
    },

    /** Like switching two-factor off: the password or a current code, never the token alone. */
    async removeAuthenticator(userId: string, proof: { password?: string | undefined; code?: string | undefined }) {
      const current = await user(userId);
      if (!current.authenticatorAt) throw new Conflict(authenticatorMessages.notSetUp);
      if (proof.password) {
        if (!(await passwordMatches(current.id, current.passwordHash, proof.password)))
          throw new ValidationFailed({ password: [securityMessages.wrongPassword] });
      } else if (proof.code) {
        await authenticator.check(current.id, proof.code);
      } else {
        throw new AppError(422, authenticatorMessages.proofNeeded, { password: [authenticatorMessages.proofNeeded] });
      }
      await authenticator.remove(current.id);
    },

    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      const current = await user(userId);
      if (!current.authenticatorAt) throw new Conflict(strongMethodMessages.noStrongMethod);
      return recoveryCodes.issue(userId);
    },
  };
}

export type StrongMethods = ReturnType<typeof createStrongMethods>;

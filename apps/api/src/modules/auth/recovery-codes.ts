import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { codeDigest } from '../../lib/secrets.ts';
import { codeLockMessages, createCodeFailures } from './code-failures.ts';

export const recoveryCodeCount = 10;
// No 0/o, 1/l/i: the codes are read off paper.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Where wrong recovery codes are counted (code-failures.ts). */
export const recoveryFailureKey = (userId: string) => `recovery:${userId}`;

export const recoveryMessages = {
  wrong: 'This recovery code is incorrect or has already been used.',
} as const;

/** A recovery code as typed: lower case, without spaces or the hyphen. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

export function createRecoveryCodes(deps: { db: Database; clock: Clock; secret: string }) {
  const { db, clock, secret } = deps;
  const failures = createCodeFailures(clock);
  const digest = (userId: string, code: string) => codeDigest(secret, userId, 'recovery', normalizeRecoveryCode(code));
  const unused = (userId: string) => and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt));

  return {
    /**
     * Ten new codes, shown once: the only time they exist outside the user's hands. The old ones die.
     * Called when a strong second step (authenticator app, passkey) is set up, and from Security.
     */
    async issue(userId: string, tx: Executor = db): Promise<string[]> {
      const now = clock.now();
      await tx.update(recoveryCodes).set({ usedAt: now }).where(unused(userId));
      const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
      await tx
        .insert(recoveryCodes)
        .values(codes.map((code) => ({ userId, codeHash: digest(userId, code), createdAt: now })));
      return codes;
    },

    /** Uses one code up (it never works again), or throws 422; wrong codes lock like the emailed ones. */
    async use(userId: string, code: string): Promise<void> {
      const key = recoveryFailureKey(userId);
      const refused = await withKeyLock(db, `code-check:${key}`, async (tx) => {
        await failures.refuseWhileLocked(tx, key, codeLockMessages.lockedPermanently);
        const used = await tx
          .update(recoveryCodes)
          .set({ usedAt: clock.now() })
          .where(and(unused(userId), eq(recoveryCodes.codeHash, digest(userId, code))))
          .returning({ id: recoveryCodes.id });
        if (used.length > 0) {
          await failures.clear(tx, [key]);
          return false;
        }
        await failures.record(tx, key);
        return true;
      });
      if (refused) throw new AppError(422, recoveryMessages.wrong, { code: [recoveryMessages.wrong] });
    },

    async left(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ left: count() }).from(recoveryCodes).where(unused(userId));
      return row?.left ?? 0;
    },
  };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;

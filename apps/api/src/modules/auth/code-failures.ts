import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { codeFailures } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, TooManyRequests } from '../../lib/errors.ts';
import { describeWait } from '../../lib/throttle.ts';

/** Every 10th wrong code in a row locks the codes of that purpose for 15 minutes; the 100th for good. */
export const codeLockRules = { failuresPerLock: 10, lockMs: 15 * 60 * 1000, failuresInTotal: 100 } as const;

export const codeLockMessages = {
  locked: (wait: string) => `Too many wrong codes. Please try again in ${wait}.`,
  lockedPermanently:
    'Too many wrong codes: codes of this kind are locked for this account. Reset your password to unlock them.',
  resetLockedPermanently:
    'Too many wrong codes: password reset is locked for this account. Sign in with your password to unlock it.',
} as const;

/** A lock a wrong code started: for 15 minutes, or for good (until the owner's password reset or full sign-in lifts it). */
export type CodeLock = { failures: number; permanent: boolean };

/**
 * Wrong codes counted per account and purpose across every code sent: a new code and a right
 * password leave the count alone, only a right code clears it. Callers hold the key's advisory lock.
 */
export function createCodeFailures(clock: Clock) {
  return {
    /** Throws 429 (with Retry-After) while the key is locked for a while, 403 once it is locked for good. */
    async refuseWhileLocked(tx: Executor, key: string, permanentMessage: string): Promise<void> {
      const [row] = await tx.select().from(codeFailures).where(eq(codeFailures.key, key));
      if (!row) return;
      if (row.failures >= codeLockRules.failuresInTotal)
        throw new AppError(403, permanentMessage, { code: [permanentMessage] });
      const waitMs = (row.lockedUntil?.getTime() ?? 0) - clock.now().getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new TooManyRequests(seconds, codeLockMessages.locked(describeWait(seconds)));
      }
    },

    /** Counts one wrong code; says when this one locked the key. */
    async record(tx: Executor, key: string): Promise<CodeLock | undefined> {
      const now = clock.now();
      const [row] = await tx
        .insert(codeFailures)
        .values({ key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: codeFailures.key,
          set: { failures: sql`${codeFailures.failures} + 1`, updatedAt: now },
        })
        .returning({ failures: codeFailures.failures });
      const failures = row?.failures ?? 0;
      if (failures >= codeLockRules.failuresInTotal)
        return failures === codeLockRules.failuresInTotal ? { failures, permanent: true } : undefined;
      if (failures % codeLockRules.failuresPerLock !== 0) return undefined;
      await tx
        .update(codeFailures)
        .set({ lockedUntil: new Date(now.getTime() + codeLockRules.lockMs) })
        .where(eq(codeFailures.key, key));
      return { failures, permanent: false };
    },

    /** When the key was locked permanently, or undefined while it is not. */
    async lockedPermanentlyAt(tx: Executor, key: string): Promise<Date | undefined> {
      const [row] = await tx.select().from(codeFailures).where(eq(codeFailures.key, key));
      return row && row.failures >= codeLockRules.failuresInTotal ? row.updatedAt : undefined;
    },

    async clear(tx: Executor, keys: string[]): Promise<void> {
      await tx.delete(codeFailures).where(inArray(codeFailures.key, keys));
    },
  };
}

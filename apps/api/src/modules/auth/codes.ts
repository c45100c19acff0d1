import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { codeDigest, newSixDigitCode } from '../../lib/secrets.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';

export type CodePurpose =
  'email_verification' | 'two_fa' | 'password_reset' | 'email_change' | 'email_change_current' | 'two_fa_disable';

export const codeLifetimeMs = 10 * 60 * 1000;
export const maxWrongTries = 5;
/** A user may ask for a new code once per 30 s and five times per hour. */
export const resendRules: ThrottleRule[] = [
  { limit: 1, windowMs: 30 * 1000 },
  { limit: 5, windowMs: 60 * 60 * 1000 },
];

export const codeMessages = {
  wrong: 'The code is incorrect.',
  wrongAndDead: 'The code is incorrect. It no longer works after 5 wrong tries: request a new one.',
  dead: 'This code no longer works after 5 wrong tries. Request a new one.',
  expired: 'This code has expired. Request a new one.',
  none: 'There is no active code. Request a new one.',
} as const;

export function createCodes(db: Database, clock: Clock, throttle: Throttle, secret: string) {
  const digest = (userId: string, purpose: CodePurpose, code: string) => codeDigest(secret, userId, purpose, code);

  async function insertCode(tx: Executor, userId: string, purpose: CodePurpose): Promise<string> {
    const now = clock.now();
    // Only the newest code of a purpose works: sending one retires the ones before it.
    await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.usedAt),
        ),
      );
    const code = newSixDigitCode();
    await tx.insert(verificationCodes).values({
      userId,
      purpose,
      codeHash: digest(userId, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + codeLifetimeMs),
    });
    return code;
  }

  return {
    /** A new code with no throttle check, for callers that throttle by a key of their own. */
    insert: insertCode,

    /** A new code for a step the user just started (sign-up, sign-in): not throttled, but counted. */
    async issue(userId: string, purpose: CodePurpose, tx: Executor = db): Promise<string> {
      await throttle.record(tx, `code:${purpose}:${userId}`);
      return insertCode(tx, userId, purpose);
    },

    /** A code the user asked for again: at most one per 30 s and five per hour (429 with Retry-After). */
    async resend(userId: string, purpose: CodePurpose, throttleKey = `code:${purpose}:${userId}`): Promise<string> {
      return withKeyLock(db, throttleKey, async (tx) => {
        await throttle.enforce(
          tx,
          throttleKey,
          resendRules,
          (wait) => `Please wait ${wait} before asking for another code.`,
        );
        await throttle.record(tx, throttleKey);
        return insertCode(tx, userId, purpose);
      });
    },

    /**
     * Checks a code: single use when `consume` is set, dead after 5 wrong tries, valid 10 minutes.
     * A wrong try is counted even though the request fails.
     */
    async check(userId: string, purpose: CodePurpose, code: string, { consume }: { consume: boolean }): Promise<void> {
      const failure = await withKeyLock(db, `code-check:${purpose}:${userId}`, async (tx) => {
        const [active] = await tx
          .select()
          .from(verificationCodes)
          .where(
            and(
              eq(verificationCodes.userId, userId),
              eq(verificationCodes.purpose, purpose),
              isNull(verificationCodes.usedAt),
            ),
          )
          .orderBy(desc(verificationCodes.createdAt))
          .limit(1);
        if (!active) return codeMessages.none;
        if (active.failedAttempts >= maxWrongTries) return codeMessages.dead;
        if (clock.now() > active.expiresAt) return codeMessages.expired;
        if (!timingSafeEqual(active.codeHash, digest(userId, purpose, code))) {
          await tx
            .update(verificationCodes)
            .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
            .where(eq(verificationCodes.id, active.id));
          return active.failedAttempts + 1 >= maxWrongTries ? codeMessages.wrongAndDead : codeMessages.wrong;
        }
        if (consume)
          await tx.update(verificationCodes).set({ usedAt: clock.now() }).where(eq(verificationCodes.id, active.id));
        return undefined;
      });
      if (failure) throw new AppError(422, failure, { code: [failure] });
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;

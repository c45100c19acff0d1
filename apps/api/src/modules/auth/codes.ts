import { normalizeEmail } from '@itrust/contracts';
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import { withKeyLock } from '../../db/client.ts';
import { codePurpose, verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { codeDigest, newSixDigitCode } from '../../lib/secrets.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { authMail, type CodeKind } from './auth.mail.ts';
import { authenticatorFailureKey } from './authenticator.ts';
import { codeLockMessages, createCodeFailures, type CodeLock } from './code-failures.ts';
import { recoveryFailureKey } from './recovery-codes.ts';

export type CodePurpose = (typeof codePurpose.enumValues)[number];

export const codeLifetimeMs = 10 * 60 * 1000;
const resetLinkLifetimeMs = 60 * 60 * 1000;
export const maxWrongTries = 5;
export const resendRules: ThrottleRule[] = [
  { limit: 1, windowMs: 30 * 1000 },
  { limit: 5, windowMs: 60 * 60 * 1000 },
];
export const resendWait = (wait: string) => `Please wait ${wait} before asking for another code.`;

export const codeMessages = {
  wrong: 'The code is incorrect.',
  wrongAndDead: 'The code is incorrect. It no longer works after 5 wrong tries: request a new one.',
  dead: 'This code no longer works after 5 wrong tries. Request a new one.',
  expired: 'This code has expired. Request a new one.',
  none: 'There is no active code. Request a new one.',
  /** The one response of the reset endpoints, so that they never tell which emails have an account. */
  resetRefused: 'The code is incorrect or no longer works. Check it, or request a new one.',
  deadLink: 'This link no longer works. Request a new one with Forgot password?.',
} as const;

const kinds: Record<CodePurpose, CodeKind> = {
  two_fa: 'sign-in',
  email_verification: 'email verification',
  password_reset: 'password reset',
  email_change: 'email change',
  email_change_current: 'email change',
  two_fa_disable: 'two-factor switch-off',
  step_up: 'confirmation',
};

/** Whose code is checked: an account, or for a reset code, an email address no account has. */
export type CodeHolder = { userId: string } | { unknownEmail: string };

// Stands in for a user id where there is none, so an unknown email's check runs the same statements.
const nilUuid = '00000000-0000-0000-0000-000000000000';

export function createCodes(deps: {
  db: Database;
  clock: Clock;
  throttle: Throttle;
  secret: string;
  users: UsersRepository;
  mail: MailQueue;
}) {
  const { db, clock, throttle, secret, users, mail } = deps;
  const failures = createCodeFailures(clock);
  const digest = (userId: string, purpose: CodePurpose, code: string) => codeDigest(secret, userId, purpose, code);
  const failureKey = (holder: CodeHolder, purpose: CodePurpose) =>
    'userId' in holder ? `${purpose}:${holder.userId}` : `${purpose}:email:${normalizeEmail(holder.unknownEmail)}`;

  const unused = (userId: string, purpose: CodePurpose) =>
    and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt));

  async function insertCode(tx: Executor, userId: string, purpose: CodePurpose): Promise<string> {
    const now = clock.now();
    // Only the newest code of a purpose works: sending one retires the ones before it.
    await tx.update(verificationCodes).set({ usedAt: now }).where(unused(userId, purpose));
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

  function refusalOf(active: typeof verificationCodes.$inferSelect | undefined, matches: boolean) {
    if (!active) return codeMessages.none;
    if (active.failedAttempts >= maxWrongTries) return codeMessages.dead;
    if (clock.now() > active.expiresAt) return codeMessages.expired;
    if (matches) return undefined;
    return active.failedAttempts + 1 >= maxWrongTries ? codeMessages.wrongAndDead : codeMessages.wrong;
  }

  async function notifyOwner(holder: CodeHolder, purpose: CodePurpose, lock: CodeLock) {
    if (!('userId' in holder)) return;
    const user = await users.findById(holder.userId);
    if (user) await mail.queue(authMail.codesLocked(user, kinds[purpose], lock));
  }

  /**
   * Checks a code: single use when `consume` is set, dead after 5 wrong tries, valid 10 minutes, and
   * refused while the holder's wrong codes of this purpose are locked. Every refusal is counted, even
   * though the request fails. `sameMessage` gives every refusal the same message, and an unknown holder
   * the same work as a real one, so that neither the response nor its time tells whether an account exists.
   */
  async function check(
    holder: CodeHolder,
    purpose: CodePurpose,
    code: string,
    { consume, sameMessage = false }: { consume: boolean; sameMessage?: boolean },
  ): Promise<void> {
    const key = failureKey(holder, purpose);
    const userId = 'userId' in holder ? holder.userId : nilUuid;
    const permanentLock =
      purpose === 'password_reset' ? codeLockMessages.resetLockedPermanently : codeLockMessages.lockedPermanently;
    const outcome = await withKeyLock(db, `code-check:${key}`, async (tx) => {
      await failures.refuseWhileLocked(tx, key, permanentLock);
      const [active] = await tx
        .select()
        .from(verificationCodes)
        .where(unused(userId, purpose))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      const given = digest(userId, purpose, code);
      const refusal = refusalOf(active, timingSafeEqual(active?.codeHash ?? Buffer.alloc(given.length), given));
      if (!active || refusal) {
        await tx
          .update(verificationCodes)
          .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
          .where(eq(verificationCodes.id, active?.id ?? nilUuid));
        const message = sameMessage ? codeMessages.resetRefused : (refusal ?? codeMessages.none);
        return { refusal: message, lock: await failures.record(tx, key) };
      }
      await failures.clear(tx, [key]);
      if (consume)
        await tx.update(verificationCodes).set({ usedAt: clock.now() }).where(eq(verificationCodes.id, active.id));
      return { refusal: undefined, lock: undefined };
    });
    if (outcome.lock) await notifyOwner(holder, purpose, outcome.lock);
    if (outcome.refusal) throw new AppError(422, outcome.refusal, { code: [outcome.refusal] });
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
    async resend(userId: string, purpose: CodePurpose): Promise<string> {
      const key = `code:${purpose}:${userId}`;
      return withKeyLock(db, key, async (tx) => {
        await throttle.consume(tx, key, resendRules, resendWait);
        return insertCode(tx, userId, purpose);
      });
    },

    /**
     * Uses up a code `check` accepted, in the caller's transaction, so that it is used only if the rest
     * commits; refused (422) when another request used it first, or a newer code or five wrong tries retired it.
     */
    async use(tx: Executor, userId: string, purpose: CodePurpose, code: string): Promise<void> {
      const now = clock.now();
      const used = await tx
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(
          and(
            unused(userId, purpose),
            eq(verificationCodes.codeHash, digest(userId, purpose, code)),
            gt(verificationCodes.expiresAt, now),
            lt(verificationCodes.failedAttempts, maxWrongTries),
          ),
        )
        .returning({ id: verificationCodes.id });
      if (used.length === 0) throw new AppError(422, codeMessages.none, { code: [codeMessages.none] });
    },

    /** Checks a user's code (see `check` above for the rules). */
    check: (userId: string, purpose: CodePurpose, code: string, options: { consume: boolean }) =>
      check({ userId }, purpose, code, options),

    /** Checks a reset code with one response for every refusal, whether or not the email has an account. */
    checkReset: (holder: CodeHolder, code: string, options: { consume: boolean }) =>
      check(holder, 'password_reset', code, { ...options, sameMessage: true }),

    /** After a password reset the owner has proved the inbox: the account's other codes unlock. */
    async unlockAfterReset(tx: Executor, userId: string): Promise<void> {
      const others = codePurpose.enumValues.filter((purpose) => purpose !== 'password_reset');
      const strongSteps = [authenticatorFailureKey(userId), recoveryFailureKey(userId)];
      await failures.clear(tx, [...others.map((purpose) => failureKey({ userId }, purpose)), ...strongSteps]);
    },

    /**
     * After a full sign-in (the password, and the second step when asked) or a reset by link the owner
     * is back: reset codes unlock, so that wrong reset codes from others never disable reset for good.
     */
    async unlockReset(tx: Executor, userId: string): Promise<void> {
      await failures.clear(tx, [failureKey({ userId }, 'password_reset')]);
    },

    /**
     * While reset codes are locked for good, a link that resets without a code: 256 bits no one can
     * guess, valid an hour, and only until this lock is lifted (its time is signed in).
     */
    async resetLink(userId: string): Promise<string | undefined> {
      const lockedAt = await failures.lockedPermanentlyAt(db, failureKey({ userId }, 'password_reset'));
      if (!lockedAt) return undefined;
      const expires = clock.now().getTime() + resetLinkLifetimeMs;
      const signature = digest(userId, 'password_reset', `link:${expires}:${lockedAt.getTime()}`);
      return Buffer.from(`${userId}.${expires}.${signature.toString('base64url')}`).toString('base64url');
    },

    /** The account a reset link is for, or 422 when it is altered, expired or its lock is gone. */
    async checkResetLink(tx: Executor, token: string): Promise<string> {
      const [userId = '', expires = '', signature = ''] = Buffer.from(token, 'base64url').toString().split('.');
      const lockedAt = /^[\da-f-]{36}$/.test(userId)
        ? await failures.lockedPermanentlyAt(tx, failureKey({ userId }, 'password_reset'))
        : undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = digest(userId, 'password_reset', `link:${expires}:${lockedAt?.getTime() ?? ''}`);
      const valid =
        lockedAt !== undefined &&
        Number(expires) > clock.now().getTime() &&
        given.length === expected.length &&
        timingSafeEqual(given, expected);
      if (!valid) throw new AppError(422, codeMessages.deadLink, { token: [codeMessages.deadLink] });
      return userId;
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;

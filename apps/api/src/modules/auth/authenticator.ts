import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database, Executor } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import { authenticators } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict } from '../../lib/errors.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { codeLockMessages, createCodeFailures } from './code-failures.ts';
import type { RecoveryCodes } from './recovery-codes.ts';

export const authenticatorMessages = {
  wrong: 'The code is incorrect. Enter the code your authenticator app shows now.',
  reused: 'This code has already been used. Wait for the next one in your authenticator app.',
  alreadySetUp: 'An authenticator app is already set up. Remove it first to set up another.',
  notStarted: 'Start setting up the authenticator app again: scan the new QR code.',
  notSetUp: 'No authenticator app is set up.',
  setUp: 'Authenticator app set up. Keep your recovery codes somewhere safe: they are shown only once.',
  removed: 'Authenticator app removed. Sign-in codes come by email again if two-factor sign-in is on.',
  proofNeeded: 'Enter your password or a code from your authenticator app to remove it.',
  noResend: 'Your sign-in code comes from your authenticator app: open it to see the current code.',
} as const;

/** RFC 6238 as common apps read it: SHA-1, six digits, 30-second steps; one step of drift either way. */
const totp = { algorithm: 'sha1', digits: 6, period: 30 } as const;
const sealPurpose = 'totp';
type Outcome<T> = { refusal: string } | { done: T };
/** Where wrong authenticator codes are counted (code-failures.ts). */
export const authenticatorFailureKey = (userId: string) => `authenticator:${userId}`;

export function createAuthenticator(deps: {
  db: Database;
  clock: Clock;
  secret: string;
  users: UsersRepository;
  recoveryCodes: RecoveryCodes;
}) {
  const { db, clock, secret, users, recoveryCodes } = deps;
  const failures = createCodeFailures(clock);
  const refuse = (message: string) => new AppError(422, message, { code: [message] });

  /**
   * Checks a code against the user's secret (confirmed or waiting for its first code) and records its
   * time step: a step at or before the last one accepted is refused, by a conditional update, so two
   * requests with one code cannot both pass. Wrong codes lock like the emailed ones.
   */
  async function accept<T>(
    userId: string,
    code: string,
    confirmed: boolean,
    then: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    const key = authenticatorFailureKey(userId);
    const outcome = await withKeyLock(db, `code-check:${key}`, async (tx): Promise<Outcome<T>> => {
      await failures.refuseWhileLocked(tx, key, codeLockMessages.lockedPermanently);
      const [row] = await tx.select().from(authenticators).where(eq(authenticators.userId, userId));
      if (!row || (row.confirmedAt !== null) !== confirmed)
        return { refusal: confirmed ? authenticatorMessages.notSetUp : authenticatorMessages.notStarted };
      const result = await verify({
        ...totp,
        secret: openSecret(secret, sealPurpose, row.secret),
        token: code,
        epoch: Math.floor(clock.now().getTime() / 1000),
        epochTolerance: totp.period,
      });
      const step = result.valid && 'timeStep' in result ? result.timeStep : undefined;
      const recorded =
        step === undefined
          ? []
          : await tx
              .update(authenticators)
              .set({ lastStep: step })
              .where(
                and(
                  eq(authenticators.userId, userId),
                  or(isNull(authenticators.lastStep), lt(authenticators.lastStep, step)),
                ),
              )
              .returning({ userId: authenticators.userId });
      if (recorded.length === 0) {
        await failures.record(tx, key);
        return { refusal: step === undefined ? authenticatorMessages.wrong : authenticatorMessages.reused };
      }
      await failures.clear(tx, [key]);
      return { done: await then(tx) };
    });
    if ('refusal' in outcome) throw refuse(outcome.refusal);
    return outcome.done;
  }

  return {
    /** A new secret waiting for its first code, with the otpauth:// URI a QR code carries. */
    async start(user: { id: string; email: string; authenticatorAt: Date | null }) {
      if (user.authenticatorAt) throw new Conflict(authenticatorMessages.alreadySetUp);
      const plain = generateSecret();
      const row = { secret: sealSecret(secret, sealPurpose, plain), createdAt: clock.now(), lastStep: null };
      await db
        .insert(authenticators)
        .values({ userId: user.id, ...row })
        .onConflictDoUpdate({ target: authenticators.userId, set: { ...row, confirmedAt: null } });
      return { secret: plain, uri: generateURI({ issuer: 'Itrust', label: user.email, secret: plain }) };
    },

    /** The first code confirms the app: from then on it is the second step. Returns the new recovery codes. */
    confirm: (userId: string, code: string): Promise<string[]> =>
      accept(userId, code, false, async (tx) => {
        const now = clock.now();
        await tx.update(authenticators).set({ confirmedAt: now }).where(eq(authenticators.userId, userId));
        await users.update(userId, { authenticatorAt: now }, tx);
        return recoveryCodes.issue(userId, tx);
      }),

    /** A current code of the confirmed app, used once (sign-in, removal). */
    check: (userId: string, code: string): Promise<void> => accept(userId, code, true, async () => undefined),

    async remove(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(authenticators).where(eq(authenticators.userId, userId));
        await users.update(userId, { authenticatorAt: null }, tx);
      });
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

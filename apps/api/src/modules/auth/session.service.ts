import { normalizeLogin } from '@itrust/contracts';
import { clientKey } from '../../lib/client-address.ts';
import type { Database } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict } from '../../lib/errors.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../lib/passwords.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { authMail } from './auth.mail.ts';
import type { Devices } from '../account/devices.ts';
import type { ClientInfo } from '../../lib/client-address.ts';
import type { Authenticator } from './authenticator.ts';
import { authenticatorMessages } from './authenticator.ts';
import type { Codes } from './codes.ts';
import type { RecoveryCodes } from './recovery-codes.ts';
import type { SecondStep, SecondStepProof } from './second-step.ts';
import type { Tokens } from './tokens.ts';

// What the account module uses of sign-in: the code mails, and how often a code may be sent.
export { authMail, codeMail } from './auth.mail.ts';
export { resendRules } from './codes.ts';
export { authenticatorMessages, type Authenticator } from './authenticator.ts';

const fifteenMinutes = 15 * 60 * 1000;
/** Wrong passwords for one account from one address: then that address is refused for the account. */
export const pairSignInRules: ThrottleRule[] = [{ limit: 10, windowMs: fifteenMinutes }];
/** Wrong passwords for one account from every address: then a new browser needs the emailed code too. */
export const accountSignInRules: ThrottleRule[] = [{ limit: 10, windowMs: fifteenMinutes }];
export const addressSignInRules: ThrottleRule[] = [{ limit: 50, windowMs: fifteenMinutes }];
/** The owner hears of failed sign-ins at most once per window. */
const alertRules: ThrottleRule[] = [{ limit: 1, windowMs: fifteenMinutes }];

export const sessionMessages = {
  badCredentials: 'These credentials do not match our records.',
  tooManySignIns: (wait: string) => `Too many sign-in attempts. Please try again in ${wait}.`,
  emailAlreadyVerified: 'Your email address is already verified.',
  steppedUp: 'Thank you: you can make security changes for the next 5 minutes.',
} as const;

/** How the second step is given: the authenticator app once one is set up, otherwise an emailed code. */
export type SecondStepMethod = 'email' | 'authenticator';
export const secondStepMethodOf = (user: { authenticatorAt: Date | null }): SecondStepMethod =>
  user.authenticatorAt ? 'authenticator' : 'email';

export type Authenticated = { tokenId: string; userId: string };

export type AuthDependencies = {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  tokens: Tokens;
  codes: Codes;
  authenticator: Authenticator;
  recoveryCodes: RecoveryCodes;
  throttle: Throttle;
  mail: MailQueue;
  devices: Devices;
  appUrl: string;
};

export function createSessions(deps: AuthDependencies & { secondStep: SecondStep }) {
  const { db, clock, users, tokens, codes, throttle, mail, devices, secondStep } = deps;

  async function currentUser(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new AppError(401, 'Unauthenticated.');
    return user;
  }

  async function finishSecondStep(auth: Authenticated, client: ClientInfo, method: string) {
    const token = await db.transaction(async (tx) => {
      await tokens.revoke(auth.tokenId, tx);
      await codes.unlockReset(tx, auth.userId);
      return tokens.issue(auth.userId, 'full', tx, { client, secondStep: method });
    });
    const user = await currentUser(auth.userId);
    await devices.noteSignIn(user, client);
    return { token, user };
  }

  return {
    /**
     * Email or username and password. Failures count per account and address (refused after 10),
     * per address (refused after 50) and per account (after 10 a browser the account has not seen
     * needs the emailed code, and the owner is told): others can slow the owner down, never lock
     * them out. The response is the same whether or not the account exists.
     */
    async login(login: string, password: string, client: ClientInfo) {
      const user = await users.findByLogin(login);
      // An unknown login is counted under the form a real one would be found by, so counts tell nothing.
      const name = normalizeLogin(login);
      const accountKey = user
        ? `signin:user:${user.id}`
        : `signin:login:${'email' in name ? name.email : name.username}`;
      // Counted by clientKey: one IPv6 host picks freely among the addresses of its /64.
      const from = clientKey(client.address);
      const pairKey = `${accountKey}:address:${from}`;
      const addressKey = `signin:address:${from}`;
      await throttle.enforce(db, addressKey, addressSignInRules, sessionMessages.tooManySignIns);

      const outcome = await withKeyLock(db, accountKey, async (tx) => {
        await throttle.enforce(tx, pairKey, pairSignInRules, sessionMessages.tooManySignIns);
        const passwordMatches = user
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDecoy(password);
        const manyFailures = async () => (await throttle.retryAfterSeconds(tx, accountKey, accountSignInRules)) > 0;
        if (!user || !passwordMatches) {
          for (const key of [accountKey, pairKey, addressKey]) await throttle.record(tx, key);
          // Asked for unknown accounts too, so that the time of the response does not tell them apart.
          const alertKey = `${accountKey}:alert`;
          const many = await manyFailures();
          const sendAlert = user && many && (await throttle.retryAfterSeconds(tx, alertKey, alertRules)) === 0;
          if (sendAlert) await throttle.record(tx, alertKey);
          return { alert: sendAlert ? user : undefined };
        }
        await throttle.clear(tx, pairKey);
        // Operators always give a second step: their token decides over other people's money.
        const secondStep =
          user.authenticatorAt !== null ||
          user.twoFaActivatedAt !== null ||
          user.role === 'operator' ||
          ((await manyFailures()) && !(await devices.isKnown(user.id, client, tx)));
        const method = secondStepMethodOf(user);
        const token = await tokens.issue(user.id, secondStep ? 'two_fa' : 'full', tx, { client });
        const code = secondStep && method === 'email' ? await codes.issue(user.id, 'two_fa', tx) : undefined;
        if (!secondStep) await codes.unlockReset(tx, user.id);
        return { signedIn: { token, user, code, method: secondStep ? method : null } };
      });
      if (!outcome.signedIn) {
        if (outcome.alert) await mail.queue(authMail.failedSignIns(outcome.alert));
        throw new AppError(422, sessionMessages.badCredentials, { login: [sessionMessages.badCredentials] });
      }

      const signedIn = outcome.signedIn;
      // A new-device alert waits for the second step when there is one.
      if (signedIn.code) await mail.queue(authMail.twoFactor(signedIn.user, signedIn.code));
      else if (!signedIn.method) await devices.noteSignIn(signedIn.user, client);
      return {
        token: signedIn.token,
        user: signedIn.user,
        secondStep: signedIn.method !== null,
        secondStepMethod: signedIn.method,
      };
    },

    /** The second step: a correct code (from the user's method) swaps the waiting token for a full one. */
    async verifyTwoFactor(auth: Authenticated, code: string, client: ClientInfo) {
      return finishSecondStep(auth, client, await secondStep.verify(auth.userId, { code }, 'sign-in'));
    },

    /** A recovery code in place of the second step; it never works again. */
    async verifyRecoveryCode(auth: Authenticated, code: string, client: ClientInfo) {
      return finishSecondStep(auth, client, await secondStep.verify(auth.userId, { recoveryCode: code }, 'sign-in'));
    },

    async resendTwoFactor(auth: Authenticated) {
      const user = await currentUser(auth.userId);
      if (secondStepMethodOf(user) === 'authenticator') throw new Conflict(authenticatorMessages.noResend);
      const code = await codes.resend(user.id, 'two_fa');
      await mail.queue(authMail.twoFactor(user, code));
    },

    /** A step-up: the user's second step again, so that this session may make risky changes for a while. */
    async stepUp(auth: Authenticated, proof: SecondStepProof) {
      const method = await secondStep.verify(auth.userId, proof, 'step-up');
      await tokens.markSecondStep(auth.tokenId, method);
    },

    stepUpPasskeyOptions: (auth: Authenticated) => secondStep.passkeyOptions(auth),

    async sendStepUpCode(auth: Authenticated) {
      await secondStep.sendStepUpCode(await currentUser(auth.userId));
    },

    async logout(auth: Authenticated) {
      await tokens.revoke(auth.tokenId);
    },

    async verifyEmail(auth: Authenticated, code: string) {
      const user = await currentUser(auth.userId);
      if (user.emailVerifiedAt) throw new Conflict(sessionMessages.emailAlreadyVerified);
      await codes.check(user.id, 'email_verification', code, { consume: true });
      await users.update(user.id, { emailVerifiedAt: clock.now() });
      return currentUser(user.id);
    },

    async resendEmailVerification(auth: Authenticated) {
      const user = await currentUser(auth.userId);
      if (user.emailVerifiedAt) throw new Conflict(sessionMessages.emailAlreadyVerified);
      const code = await codes.resend(user.id, 'email_verification');
      await mail.queue(authMail.emailVerification(user, code));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

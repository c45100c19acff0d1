import type { PasskeyAssertionRequest } from '@itrust/contracts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import { Conflict } from '../../lib/errors.ts';
import type { Recipient } from '../../lib/mail/mailer.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { codeMail } from './auth.mail.ts';
import type { Authenticator } from './authenticator.ts';
import type { Codes } from './codes.ts';
import type { Passkeys } from './passkeys.service.ts';
import type { RecoveryCodes } from './recovery-codes.ts';

/** How a session passed its second step; 'authenticator' and 'passkey' are the strong ones. */
export type SecondStepMethod = 'email' | 'authenticator' | 'passkey' | 'recovery_code';

/** What the user gives as their second step: a code (from their app, or emailed), a recovery code, or a passkey. */
export type SecondStepProof =
  { code: string } | { recoveryCode: string } | { passkey: PasskeyAssertionRequest['credential'] };

/** Where the second step is asked: finishing a sign-in, or confirming a risky change (a step-up). */
export type SecondStepMoment = 'sign-in' | 'step-up';

export const secondStepMessages = {
  useAuthenticator: 'Your confirmation code comes from your authenticator app: open it to see the current code.',
} as const;

const stepUpMail = (recipient: Recipient, code: string) =>
  codeMail(
    recipient,
    'Your Itrust confirmation code',
    'Someone, hopefully you, is making a security change to your account. Enter this code to confirm it is you:',
    code,
    'If this was not you, change your password now: someone is signed in to your account.',
  );

/**
 * The one check of a user's second step, at sign-in and at a step-up. A code is checked against the
 * authenticator app once one is set up, so that an emailed code never stands in for it.
 */
export function createSecondStep(deps: {
  users: UsersRepository;
  codes: Codes;
  mail: MailQueue;
  authenticator: Authenticator;
  recoveryCodes: RecoveryCodes;
  passkeys: Pick<Passkeys, 'secondStepOptions' | 'confirm'>;
}) {
  const { users, codes, mail, authenticator, recoveryCodes, passkeys } = deps;
  return {
    async verify(userId: string, proof: SecondStepProof, moment: SecondStepMoment): Promise<SecondStepMethod> {
      if ('recoveryCode' in proof) {
        await recoveryCodes.use(userId, proof.recoveryCode);
        return 'recovery_code';
      }
      if ('passkey' in proof) {
        await passkeys.confirm(userId, proof.passkey);
        return 'passkey';
      }
      if ((await users.get(userId)).authenticatorAt) {
        await authenticator.check(userId, proof.code);
        return 'authenticator';
      }
      await codes.check(userId, moment === 'sign-in' ? 'two_fa' : 'step_up', proof.code, { consume: true });
      return 'email';
    },

    /** Emails a step-up code (throttled like every code the user asks for again), unless the app gives the codes. */
    async sendStepUpCode(user: Recipient & { id: string; authenticatorAt: Date | null }): Promise<void> {
      if (user.authenticatorAt) throw new Conflict(secondStepMessages.useAuthenticator);
      const code = await codes.resend(user.id, 'step_up');
      await mail.queue(stepUpMail(user, code));
    },

    /** The options for a step-up with one of the user's passkeys; null when the user has none. */
    passkeyOptions: (auth: { tokenId: string; userId: string }) => passkeys.secondStepOptions(auth),
  };
}

export type SecondStep = ReturnType<typeof createSecondStep>;

import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Recipient } from '../../lib/mail/mailer.ts';
import { codeMail } from './auth.mail.ts';
import type { Codes } from './codes.ts';

/** How a session passed its second step; 'authenticator' and 'passkey' are the strong ones. */
export type SecondStepMethod = 'email' | 'authenticator' | 'passkey';

/** What the user gives as their second step. */
export type SecondStepProof = { code: string };

/** Where the second step is asked: finishing a sign-in, or confirming a risky change (a step-up). */
export type SecondStepMoment = 'sign-in' | 'step-up';

const stepUpMail = (recipient: Recipient, code: string) =>
  codeMail(
    recipient,
    'Your Itrust confirmation code',
    'Someone, hopefully you, is making a security change to your account. Enter this code to confirm it is you:',
    code,
    'If this was not you, change your password now: someone is signed in to your account.',
  );

/**
 * The one check of a user's second step, at sign-in and at a step-up. Today every user proves it
 * with an emailed code (users without two-factor sign-in too, for a step-up); other methods plug in here.
 */
export function createSecondStep(deps: { codes: Codes; mail: MailQueue }) {
  const { codes, mail } = deps;
  return {
    async verify(userId: string, proof: SecondStepProof, moment: SecondStepMoment): Promise<SecondStepMethod> {
      await codes.check(userId, moment === 'sign-in' ? 'two_fa' : 'step_up', proof.code, { consume: true });
      return 'email';
    },

    /** Emails a step-up code (throttled like every code the user asks for again). */
    async sendStepUpCode(user: Recipient & { id: string }): Promise<void> {
      const code = await codes.resend(user.id, 'step_up');
      await mail.queue(stepUpMail(user, code));
    },
  };
}

export type SecondStep = ReturnType<typeof createSecondStep>;

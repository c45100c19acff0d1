import { escapeHtml, plainMail, type MailMessage, type Recipient } from '../../lib/mail/mailer.ts';

export function codeMail(
  recipient: Recipient,
  subject: string,
  intro: string,
  code: string,
  closing: string,
): MailMessage {
  const name = recipient.firstName;
  return {
    to: recipient.email,
    subject: `${subject}: ${code}`,
    text: `Hello ${name},\n\n${intro}\n\n    ${code}\n\nThe code works for 10 minutes. ${closing}\n\nItrust`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
      `<p>The code works for 10 minutes. ${escapeHtml(closing)}</p><p>Itrust</p>`,
  };
}

const notYou = 'If this was not you, you can ignore this message.';

export type CodeKind =
  'sign-in' | 'email verification' | 'password reset' | 'email change' | 'two-factor switch-off' | 'confirmation';

export const authMail = {
  emailVerification: (recipient: Recipient, code: string) =>
    codeMail(
      recipient,
      'Your Itrust email verification code',
      'Enter this code to verify your email address:',
      code,
      notYou,
    ),
  twoFactor: (recipient: Recipient, code: string) =>
    codeMail(
      recipient,
      'Your Itrust sign-in code',
      'Someone, hopefully you, signed in to your account. Enter this code to finish signing in:',
      code,
      'If this was not you, change your password now: someone knows it.',
    ),
  passwordReset: (recipient: Recipient, code: string) =>
    codeMail(recipient, 'Your Itrust password reset code', 'Enter this code to choose a new password:', code, notYou),
  codesLocked: (
    recipient: Recipient,
    kind: CodeKind,
    { failures, permanent }: { failures: number; permanent: boolean },
  ) =>
    plainMail(recipient, 'Wrong codes were entered on your Itrust account', [
      `Someone entered ${failures} wrong ${kind} codes in a row on your account.`,
      permanent ? `We no longer accept ${kind} codes for it.` : `We accept no ${kind} code for the next 15 minutes.`,
      kind === 'password reset'
        ? permanent
          ? 'Your password is unchanged and still works: signing in with it unlocks password reset, and asking for a reset now mails a link instead of a code.'
          : 'Your password is unchanged. If this was not you, you can ignore this message.'
        : permanent
          ? 'Reset your password to unlock them: choose Forgot password? on the sign-in screen.'
          : 'If this was not you, reset your password now: someone may know it.',
    ]),
  resetLink: (recipient: Recipient, link: string) =>
    plainMail(recipient, 'Reset your Itrust password', [
      'Someone asked to reset your password. Password reset codes are locked on your account after too many wrong ones, so here is a link instead. It works for one hour:',
      link,
      'Signing in with your password also unlocks reset codes. If this was not you, you can ignore this message.',
    ]),
  failedSignIns: (recipient: Recipient) =>
    plainMail(recipient, 'Failed sign-ins on your Itrust account', [
      'Someone tried to sign in to your account with a wrong password 10 times in the last 15 minutes.',
      'Your account is safe: for a while, every sign-in from a new browser needs a code we email to you.',
      'If this was not you, you can ignore this message, or choose a new password that is harder to guess.',
    ]),
};

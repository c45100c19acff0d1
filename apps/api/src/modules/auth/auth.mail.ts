import type { MailMessage } from '../../lib/mail/mailer.ts';

type Recipient = { email: string; firstName: string };

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

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
};

import { escapeHtml, plainMail, type MailMessage, type Recipient } from '../../lib/mail/mailer.ts';
import { authMail, codeMail } from '../auth/session.service.ts';

export const accountMail = {
  emailChange: (recipient: Recipient, code: string) => ({
    ...authMail.emailVerification(recipient, code),
    subject: `Confirm your new Itrust email address: ${code}`,
  }),
  emailChangeCurrent: (recipient: Recipient, newEmail: string, code: string) =>
    codeMail(
      recipient,
      'Confirm the change of your Itrust email address',
      `Someone, hopefully you, asked to change your account's email address to ${newEmail}. ` +
        'To confirm, enter this code together with the one sent to the new address:',
      code,
      'If this was not you, give this code to no one and change your password now: whoever asked knows it.',
    ),
  /** To the address changed away from: the change, and the link that undoes it. */
  emailChanged: (recipient: Recipient, newEmail: string, undoLink: string): MailMessage => {
    const intro = `The email address of your Itrust account was changed from ${recipient.email} to ${newEmail}.`;
    const advice =
      'If this was you, there is nothing to do. If it was not, someone who knows your password did it: ' +
      'this link puts your address back, signs out every session and lets you choose a new password. ' +
      'It works once, for 7 days.';
    return {
      to: recipient.email,
      subject: 'Your Itrust email address was changed',
      text: `Hello ${recipient.firstName},\n\n${intro}\n\n${advice}\n\n    ${undoLink}\n\nItrust`,
      html:
        `<p>Hello ${escapeHtml(recipient.firstName)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p>` +
        `<p><a href="${escapeHtml(undoLink)}">Undo the change of email address</a></p><p>Itrust</p>`,
    };
  },
  twoFactorOff: (recipient: Recipient, code: string) => ({
    ...authMail.twoFactor(recipient, code),
    subject: `Your code to switch off two-factor sign-in: ${code}`,
  }),
  newDevice: (recipient: Recipient, details: { browser: string; address: string; at: Date }) =>
    plainMail(recipient, 'New sign-in to your Itrust account', [
      'Your Itrust account was just signed in to from a browser we have not seen before.',
      `    When: ${details.at.toUTCString()}\n    Browser: ${details.browser}\n    Network address: ${details.address}`,
      'If this was you, there is nothing to do. If not, change your password now and switch on two-factor sign-in.',
    ]),
};

import type { MailMessage } from '../../lib/mail/mailer.ts';
import { authMail } from '../auth/auth.mail.ts';

type Recipient = { email: string; firstName: string };

export const accountMail = {
  emailChange: (recipient: Recipient, code: string) => ({
    ...authMail.emailVerification(recipient, code),
    subject: `Confirm your new Itrust email address: ${code}`,
  }),
  twoFactorOff: (recipient: Recipient, code: string) => ({
    ...authMail.twoFactor(recipient, code),
    subject: `Your code to switch off two-factor sign-in: ${code}`,
  }),
  newDevice: (recipient: Recipient, details: { browser: string; address: string; at: Date }): MailMessage => {
    const when = details.at.toUTCString();
    const text =
      `Hello ${recipient.firstName},\n\nYour Itrust account was just signed in to from a browser we have not seen before.\n\n` +
      `    When: ${when}\n    Browser: ${details.browser}\n    Network address: ${details.address}\n\n` +
      'If this was you, there is nothing to do. If not, change your password now and switch on two-factor sign-in.\n\nItrust';
    const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    return {
      to: recipient.email,
      subject: 'New sign-in to your Itrust account',
      text,
      html: text
        .split('\n\n')
        .map((paragraph) => `<p>${escape(paragraph).replaceAll('\n', '<br>')}</p>`)
        .join(''),
    };
  },
};

import type { MailMessage } from '../../lib/mail/mailer.ts';

type Recipient = { email: string; firstName: string };

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function notice(recipient: Recipient, subject: string, lines: string[]): MailMessage {
  const text = `Hello ${recipient.firstName},\n\n${lines.join('\n\n')}\n\nItrust`;
  return {
    to: recipient.email,
    subject,
    text,
    html: text
      .split('\n\n')
      .map((paragraph) => `<p>${escape(paragraph)}</p>`)
      .join(''),
  };
}

/** What an investor hears about an operator's decision. */
export const decisionMail = {
  kycApproved: (recipient: Recipient) =>
    notice(recipient, 'Your identity is verified', [
      'We have checked your documents: your identity is verified. Trading, savings and withdrawals are now open to you.',
    ]),
  kycDeclined: (recipient: Recipient, reason: string) =>
    notice(recipient, 'We could not verify your identity', [
      `We could not accept your documents: ${reason}`,
      'Please upload new images from the KYC verification page.',
    ]),
  depositCredited: (recipient: Recipient, amount: string, reference: string) =>
    notice(recipient, 'Your deposit has arrived', [
      `Your deposit ${reference} of ${amount} is now in your cash wallet.`,
    ]),
  withdrawalPaid: (recipient: Recipient, amount: string, reference: string) =>
    notice(recipient, 'Your withdrawal is on its way', [`We have paid out your withdrawal ${reference} of ${amount}.`]),
  withdrawalDeclined: (recipient: Recipient, amount: string, reference: string, reason: string) =>
    notice(recipient, 'Your withdrawal was declined', [
      `We could not pay out your withdrawal ${reference} of ${amount}: ${reason}`,
      'The amount is available in your cash wallet again.',
    ]),
  depositDeclined: (recipient: Recipient, amount: string, reference: string, reason: string) =>
    notice(recipient, 'Your deposit was declined', [
      `We could not match your deposit ${reference} of ${amount}: ${reason}`,
    ]),
};

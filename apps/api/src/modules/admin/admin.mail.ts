import { plainMail, type Recipient } from '../../lib/mail/mailer.ts';

export const decisionMail = {
  kycApproved: (recipient: Recipient) =>
    plainMail(recipient, 'Your identity is verified', [
      'We have checked your documents: your identity is verified. Trading, savings and withdrawals are now open to you.',
    ]),
  kycDeclined: (recipient: Recipient, reason: string) =>
    plainMail(recipient, 'We could not verify your identity', [
      `We could not accept your documents: ${reason}`,
      'Please upload new images from the KYC verification page.',
    ]),
  depositCredited: (recipient: Recipient, amount: string, reference: string) =>
    plainMail(recipient, 'Your deposit has arrived', [
      `Your deposit ${reference} of ${amount} is now in your cash wallet.`,
    ]),
  withdrawalPaid: (recipient: Recipient, amount: string, reference: string) =>
    plainMail(recipient, 'Your withdrawal is on its way', [
      `We have paid out your withdrawal ${reference} of ${amount}.`,
    ]),
  withdrawalDeclined: (recipient: Recipient, amount: string, reference: string, reason: string) =>
    plainMail(recipient, 'Your withdrawal was declined', [
      `We could not pay out your withdrawal ${reference} of ${amount}: ${reason}`,
      'The amount is available in your cash wallet again.',
    ]),
  depositDeclined: (recipient: Recipient, amount: string, reference: string, reason: string) =>
    plainMail(recipient, 'Your deposit was declined', [
      `We could not match your deposit ${reference} of ${amount}: ${reason}`,
    ]),
};

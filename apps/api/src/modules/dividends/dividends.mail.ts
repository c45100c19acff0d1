import { plainMail, type Recipient } from '../../lib/mail/mailer.ts';

export const dividendMail = {
  paid: (recipient: Recipient, payment: { symbol: string; amount: string; currency: string; reinvested: boolean }) =>
    plainMail(recipient, `You received a ${payment.symbol} dividend`, [
      `A dividend of ${payment.amount} ${payment.currency} from your ${payment.symbol} shares was credited to your wallet.`,
      payment.reinvested
        ? `As you asked, it bought more ${payment.symbol} at once.`
        : 'It stays in your wallet as cash; you can reinvest dividends automatically from your account settings.',
    ]),
};

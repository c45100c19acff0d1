import { splitRatioLabel } from '@itrust/contracts';
import { plainMail, type Recipient } from '../../lib/mail/mailer.ts';

type Applied = { symbol: string; quantity: string; cost: string; currency: string; ratioTo: number; ratioFrom: number };

export const splitMail = {
  applied: (recipient: Recipient, split: Applied) =>
    plainMail(recipient, `${split.symbol} has split ${splitRatioLabel({ to: split.ratioTo, from: split.ratioFrom })}`, [
      `${split.symbol} split ${splitRatioLabel({ to: split.ratioTo, from: split.ratioFrom })} today: you now hold ${Number(split.quantity)} shares, which cost ${split.cost} ${split.currency} in all, as before. Their value did not change.`,
      'The quantities and prices of your open orders on it were adjusted by the same ratio; what they hold did not change.',
    ]),
};

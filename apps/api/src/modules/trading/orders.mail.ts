import { formatPrice, orderLabels } from '@itrust/contracts';
import { plainMail, type Recipient } from '../../lib/mail/mailer.ts';
import type { OrderRow } from './order-holds.ts';

const described = (order: OrderRow, symbol: string) =>
  `${orderLabels[order.type].toLowerCase()} ${order.side} order for ${order.quantity ?? 'your position in'} ${symbol}`;

export const orderMail = {
  filled: (recipient: Recipient, order: OrderRow, symbol: string, currency: string) =>
    plainMail(recipient, `Your ${symbol} order has filled`, [
      `Your ${described(order, symbol)} filled at ${formatPrice(order.fillPrice ?? 0)} a unit, for ${order.filledAmount} ${currency}.`,
      'You can see the trade in your trade history.',
    ]),
  ended: (recipient: Recipient, order: OrderRow, symbol: string, why: string) =>
    plainMail(recipient, `Your ${symbol} order has ended`, [
      `Your ${described(order, symbol)} has ended without filling: ${why}.`,
      'What it held is available again.',
    ]),
};

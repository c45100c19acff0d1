import type { Decimal } from 'decimal.js';
import { ExactDecimal, ungrouped } from './money.ts';
import { walletRefusals } from './wallet-rules.ts';

/** Rounded down, exactly, so the quantity never costs more than the amount typed. */
export function quantityFor(amount: string, price: string, decimals = 8): string | null {
  const [money, each] = [decimalOf(amount), decimalOf(price)];
  if (!money || !each || money.lte(0) || each.lte(0)) return null;
  const scale = 10 ** decimals;
  return money.times(scale).dividedToIntegerBy(each).dividedBy(scale).toFixed(decimals);
}

/** A decimal number of zero or more, typed or from the API, thousands separators allowed; null otherwise. */
function decimalOf(text: string | undefined): Decimal | null {
  const plain = text === undefined ? null : ungrouped(text);
  return plain !== null && /^\d+(\.\d+)?$/.test(plain) ? new ExactDecimal(plain) : null;
}

export const tradeRefusals = {
  insufficient: walletRefusals.insufficient,
  tooMuch: 'You cannot close more than you hold.',
  belowOneCent: 'This trade is worth less than one cent.',
} as const;

/**
 * The server's refusal of a trade where the screen can already tell: a trade worth less than one
 * cent at `price` (unless it sells the whole position), a buy of more than the brokerage wallet has
 * available, or a sale of more than the position holds. Undefined when the trade may go ahead, or
 * when what to compare with is not known yet (the server still decides).
 */
export function tradeRefusal(trade: {
  side: 'buy' | 'sell';
  amount: string;
  quantity: string;
  price?: string | undefined;
  available?: string | undefined;
  held?: string | undefined;
}): string | undefined {
  const quantity = decimalOf(trade.quantity);
  const price = decimalOf(trade.price);
  const held = decimalOf(trade.held);
  const whole = trade.side === 'sell' && quantity !== null && held?.eq(quantity) === true;
  if (quantity && price && !whole && quantity.times(price).lt(0.01)) return tradeRefusals.belowOneCent;
  if (trade.side === 'buy') {
    const amount = decimalOf(trade.amount);
    const available = decimalOf(trade.available);
    return amount && available?.lt(amount) ? tradeRefusals.insufficient : undefined;
  }
  return quantity && held?.lt(quantity) ? tradeRefusals.tooMuch : undefined;
}

/** What a trade form says of the amount typed: missing, not above zero, or refused as above; undefined when it may go. */
export function tradeAmountError(trade: Parameters<typeof tradeRefusal>[0]): string | undefined {
  if (!trade.amount.trim()) return 'Amount required!';
  if (!quantityFor(trade.amount, '1') || Number(trade.quantity) <= 0) return 'Enter an amount above zero.';
  return tradeRefusal(trade);
}

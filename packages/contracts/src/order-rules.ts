import type { Decimal } from 'decimal.js';
import { formatPrice } from './format.ts';
import { ExactDecimal, ungrouped } from './money.ts';
import { orderRefusals, stopBuyMargin } from './orders.ts';

/** What a ticket sets beside the amount: the order type, its prices and how long it waits. */
export type OrderTerms = {
  type: 'market' | 'limit' | 'stop' | 'stop_limit';
  limitPrice: string;
  stopPrice: string;
  timeInForce: 'day' | 'gtc';
};

export const marketTerms: OrderTerms = { type: 'market', limitPrice: '', stopPrice: '', timeInForce: 'day' };

const priceOf = (text: string) => {
  const plain = ungrouped(text);
  return plain !== null && /^\d+(\.\d{1,8})?$/.test(plain) && Number(plain) > 0 ? new ExactDecimal(plain) : null;
};
const notAPrice = (what: string) => `${what} must be a positive number with at most 8 decimals.`;

/**
 * The price an order is sized and held at: its limit, or for a stop its stop price, a buy's with the
 * margin above it that its hold covers. Null for a market order or a price not typed yet.
 */
export function holdPriceOf(side: 'buy' | 'sell', terms: OrderTerms): Decimal | null {
  if (terms.type === 'market') return null;
  if (terms.type !== 'stop') return priceOf(terms.limitPrice);
  const stop = priceOf(terms.stopPrice);
  return stop && side === 'buy' ? stop.times(new ExactDecimal(1).plus(stopBuyMargin)) : stop;
}

/** What a ticket says of the prices typed, as the server would; `price` is the asset's price now. */
export function orderTermsErrors(side: 'buy' | 'sell', terms: OrderTerms, price: string) {
  const errors: { limit_price?: string; stop_price?: string } = {};
  if (terms.type === 'market') return errors;
  if (terms.type !== 'stop') {
    if (!terms.limitPrice.trim()) errors.limit_price = orderRefusals.limitRequired;
    else if (!priceOf(terms.limitPrice)) errors.limit_price = notAPrice('The limit price');
  }
  if (terms.type !== 'limit') {
    const stop = priceOf(terms.stopPrice);
    if (!terms.stopPrice.trim()) errors.stop_price = orderRefusals.stopRequired;
    else if (!stop) errors.stop_price = notAPrice('The stop price');
    else if (side === 'buy' && stop.lte(price)) errors.stop_price = orderRefusals.stopBuyBelow(formatPrice(price));
    else if (side === 'sell' && stop.gte(price)) errors.stop_price = orderRefusals.stopSellAbove(formatPrice(price));
  }
  return errors;
}

import { ExactDecimal } from '@itrust/contracts/money';
import { Decimal } from 'decimal.js';

const oneCent = new Decimal('0.01');

export function tradeValue(quantity: Decimal.Value, price: Decimal.Value, rate: Decimal.Value = 1): Decimal {
  return new ExactDecimal(quantity).times(price).times(rate);
}

export const belowOneCent = (value: Decimal) => value.lt(oneCent);

/** What a purchase of this value costs: rounded up to the cent, never in the buyer's favour. */
export const purchaseCost = (value: Decimal) => new Decimal(value.toDecimalPlaces(2, Decimal.ROUND_UP));

/** What a sale of this value pays: rounded down to the cent, never in the seller's favour. */
export const saleProceeds = (value: Decimal) => new Decimal(value.toDecimalPlaces(2, Decimal.ROUND_DOWN));

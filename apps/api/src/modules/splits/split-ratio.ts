import { Decimal } from 'decimal.js';

/** A split's ratio as arithmetic: quantities times `to / from`, prices times `from / to`, rounded so nothing grows. */
export function splitRatio(to: number, from: number) {
  const times = new Decimal(to).div(from);
  const smallestPrice = new Decimal('0.0000000001');
  const rounding = { buy: Decimal.ROUND_DOWN, sell: Decimal.ROUND_UP, nearest: Decimal.ROUND_HALF_UP } as const;
  return {
    /** Quantities keep eight places and round down: a holding never gains a fraction it did not have. */
    quantity: (value: Decimal.Value) => new Decimal(value).times(to).div(from).toDecimalPlaces(8, Decimal.ROUND_DOWN),
    /**
     * Prices keep ten places. A buy's prices round down, so its quantity times its limit stays within
     * the money it holds; a sell's round up, so it never sells for less than its owner asked.
     */
    price: (value: Decimal.Value, side: 'buy' | 'sell' | 'nearest') =>
      Decimal.max(new Decimal(value).times(from).div(to).toDecimalPlaces(10, rounding[side]), smallestPrice),
    times,
  };
}

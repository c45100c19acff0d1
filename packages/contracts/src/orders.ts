import { z } from 'zod';
import { page } from './envelope.ts';
import { asset } from './market.ts';

/** Orders that wait for a price: what the investor places, and the exit (take-profit and stop-loss) of a position. */
export const orderTypes = ['limit', 'stop', 'stop_limit', 'exit'] as const;
export const orderType = z.enum(orderTypes);
export const placedOrderType = z.enum(['limit', 'stop', 'stop_limit']);
export const timeInForces = ['day', 'gtc'] as const;
export const timeInForce = z.enum(timeInForces);
export const orderStatuses = ['open', 'filled', 'cancelled', 'expired'] as const;
export const orderStatus = z.enum(orderStatuses);
/**
 * Why an order ended: filled, cancelled by its owner, expired, its position closed, the price moved
 * past what it held, or the trade came to less than a cent.
 */
export const orderEndReasonValues = [
  'filled',
  'cancelled',
  'expired',
  'position_closed',
  'beyond_hold',
  'too_small',
] as const;
export const orderEndReason = z.enum(orderEndReasonValues);

export type OrderType = z.infer<typeof orderType>;
export type TimeInForce = z.infer<typeof timeInForce>;
export type OrderStatus = z.infer<typeof orderStatus>;
export type OrderEndReason = z.infer<typeof orderEndReason>;

/** A stop buy reserves this much above its stop, for a price that jumps past it between two ticks. */
export const stopBuyMargin = '0.05';
/** Good-till-cancelled orders expire after this many days. */
export const gtcDays = 90;

export const orderLabels: Record<OrderType, string> = {
  limit: 'Limit',
  stop: 'Stop',
  stop_limit: 'Stop limit',
  exit: 'Take profit / stop loss',
};

export const timeInForceLabels: Record<z.infer<typeof timeInForce>, string> = {
  day: 'Day (until 00:00 UTC)',
  gtc: `Good till cancelled (${gtcDays} days)`,
};

export const orderEndReasons: Record<OrderEndReason, string> = {
  filled: 'Filled',
  cancelled: 'Cancelled by you',
  expired: 'Expired',
  position_closed: 'Its position closed',
  beyond_hold: 'The price moved past the amount held for it',
  too_small: 'At its price the trade was worth less than one cent',
};

export const orderRefusals = {
  limitRequired: 'Enter a limit price.',
  stopRequired: 'Enter a stop price.',
  notForType: 'This order type takes no such price.',
  sizeRequired: 'Enter an amount or a quantity, not both.',
  stopBuyBelow: (price: string) => `A buy stop must be above the current price, ${price}.`,
  stopSellAbove: (price: string) => `A sell stop must be below the current price, ${price}.`,
  positionRequired: 'Select the position to sell.',
  notOpen: 'This order is no longer open.',
  noOrder: 'No such order.',
} as const;

const orderAsset = asset.pick({ id: true, name: true, symbol: true, img: true, type: true });

/**
 * A waiting order. A buy holds `reserved` money of the brokerage wallet, a sell holds `quantity` of its
 * position; an exit sells whatever of its position no other order holds, so its quantity is null.
 */
export const order = z.object({
  id: z.string(),
  asset: orderAsset,
  side: z.enum(['buy', 'sell']),
  type: orderType,
  quantity: z.string().nullable(),
  limit_price: z.string().nullable(),
  stop_price: z.string().nullable(),
  time_in_force: timeInForce,
  expires_at: z.string().nullable(),
  status: orderStatus,
  reserved: z.string(),
  position_id: z.string().nullable(),
  triggered_at: z.string().nullable(),
  fill_price: z.string().nullable(),
  filled_amount: z.string().nullable(),
  end_reason: orderEndReason.nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const orderResponse = z.object({ order });
export type OrderResponse = z.infer<typeof orderResponse>;
export const orderListResponse = z.object({ orders: page(order) });
export type OrderListResponse = z.infer<typeof orderListResponse>;

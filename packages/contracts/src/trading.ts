import { z } from 'zod';
import { page } from './envelope.ts';
import { asset, assetType } from './market.ts';

export const tradingWallet = z.enum(['brokerage', 'auto']);
/** Why a sale happened: the owner, a take-profit or stop-loss, rebalancing, or a limit or stop order filling. */
export const closeReasons = ['manual', 'take_profit', 'stop_loss', 'rebalance', 'limit', 'stop'] as const;
export const closeReason = z.enum(closeReasons);
export const positionStatus = z.enum(['open', 'closed']);

const assetSummary = asset.pick({ name: true, symbol: true, img: true, type: true });

/** An open position valued at the current price in the user's currency; money is decimal strings. */
export const position = z.object({
  id: z.string(),
  asset_id: z.number().int(),
  asset: assetSummary,
  asset_type: assetType,
  account: tradingWallet,
  type: z.literal('buy'),
  quantity: z.string(),
  price: z.string(),
  amount: z.string(),
  value: z.string(),
  cost: z.string(),
  pl: z.string(),
  pl_percentage: z.string(),
  today_pl: z.string(),
  today_pl_percentage: z.string(),
  realised_pl: z.string(),
  leverage: z.number().int(),
  tp: z.string().nullable(),
  sl: z.string().nullable(),
  order_type: z.string(),
  status: positionStatus,
  close_reason: closeReason.nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Position = z.infer<typeof position>;

export const positionListResponse = z.object({ positions: page(position) });
export type PositionListResponse = z.infer<typeof positionListResponse>;

export const positionOpenedResponse = z.object({
  position: z.object({
    id: z.string(),
    quantity: z.string(),
    cost: z.string(),
    price: z.string(),
    status: positionStatus,
  }),
});
export type PositionOpenedResponse = z.infer<typeof positionOpenedResponse>;

export const positionClosedResponse = z.object({ proceeds: z.string(), pl: z.string() });
export type PositionClosedResponse = z.infer<typeof positionClosedResponse>;

/** Open positions summed per asset. */
export const holding = z.object({
  asset: asset.pick({ id: true, symbol: true, name: true, type: true }),
  quantity: z.string(),
  value: z.string(),
  cost: z.string(),
  pl: z.string(),
  pl_percentage: z.string(),
});
export type Holding = z.infer<typeof holding>;

export const holdingListResponse = z.object({ holdings: z.array(holding) });
export type HoldingListResponse = z.infer<typeof holdingListResponse>;

/** One buy or sale, with the wallet it moved and why; a buy still open carries its P/L at the current price. */
export const trade = z.object({
  id: z.string(),
  type: z.enum(['buy', 'sell']),
  asset: assetSummary,
  quantity: z.string(),
  price: z.string(),
  amount: z.string(),
  pl: z.string(),
  pl_percentage: z.string(),
  reason: closeReason,
  status: positionStatus,
  account: tradingWallet,
  created_at: z.string(),
});
export type Trade = z.infer<typeof trade>;

export const tradeListResponse = z.object({ positions: page(trade) });
export type TradeListResponse = z.infer<typeof tradeListResponse>;

/** A starred asset with its price and day. */
export const watchlistEntry = z.object({
  id: z.string(),
  asset: asset
    .pick({ id: true, symbol: true, name: true, type: true, img: true, price: true, changes_percentage: true })
    .extend({ ...asset.pick({ day_high: true, day_low: true }).shape, starred: z.literal(true) }),
});

export const watchlistResponse = z.object({ watchlist: z.array(watchlistEntry) });
export type WatchlistResponse = z.infer<typeof watchlistResponse>;

export const watchlistStarredResponse = z.object({ id: z.string() });

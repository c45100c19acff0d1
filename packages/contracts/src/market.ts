import { z } from 'zod';
import { page } from './envelope.ts';

export const assetType = z.enum(['stocks', 'crypto']);
export type AssetType = z.infer<typeof assetType>;

/** An asset with its quote; prices and amounts are decimal strings in US dollars. */
export const asset = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  img: z.string(),
  type: assetType,
  price: z.string(),
  changes_percentage: z.string(),
  day_high: z.string(),
  day_low: z.string(),
  market_cap: z.string(),
  previous_close: z.string(),
  avg_volume: z.string(),
  volume: z.string(),
  listed_on: z.string(),
  rank: z.number().int(),
  watchers: z.number().int(),
  starred: z.boolean(),
});
export type Asset = z.infer<typeof asset>;

export const assetPageResponse = z.object({ assets: page(asset) });
export type AssetPageResponse = z.infer<typeof assetPageResponse>;
/** The whole list at once (do_not_paginate). */
export const assetListResponse = z.object({ assets: z.array(asset) });

export const topMoversResponse = z.object({
  gainers: z.array(asset),
  losers: z.array(asset),
  new_in_market: z.array(asset),
});
export type TopMoversResponse = z.infer<typeof topMoversResponse>;

export const chartRange = z.enum(['1d', '7d', '30d', '1yr', 'all']);
export type ChartRange = z.infer<typeof chartRange>;

/** A chart point: the bar's start in Unix seconds and its closing price. */
export const historyPoint = z.object({ time: z.number().int(), value: z.string() });

export const historyResponse = z.object({
  symbol: z.string(),
  range: chartRange,
  resolution: z.enum(['5m', '1h', '1d']),
  points: z.array(historyPoint),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** Reference rates: units of each currency per US dollar, as decimal strings. */
export const fxRatesResponse = z.object({ base: z.literal('USD'), rates: z.record(z.string(), z.string()) });
export type FxRatesResponse = z.infer<typeof fxRatesResponse>;

/** The data of each `quote` event of /api/stream/quotes: the asset with its new quote, never starred. */
export const quoteEvent = asset;
export type QuoteEvent = z.infer<typeof quoteEvent>;

/** Where the API serves an asset's icon: a crypto logo or a stock's monogram. */
export const assetIconPath = (symbol: string) => `/api/assets/${encodeURIComponent(symbol)}/icon.svg`;

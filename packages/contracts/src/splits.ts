import { z } from 'zod';

/** A split takes `to` shares for every `from` held: 3-for-1 is to 3, from 1; a 1-for-10 reverse split is to 1, from 10. */
export const splitStatuses = ['scheduled', 'applied', 'cancelled'] as const;
export const splitStatus = z.enum(splitStatuses);
export type SplitStatus = z.infer<typeof splitStatus>;

/** A split applied this many days ago or fewer is still noted: the holder's figures jumped from what they remember. */
export const splitNoteDays = 30;

/** The largest side of a ratio an operator may enter. */
export const splitRatioMax = 1000;

export const splitRefusals = {
  ratio: `Give the ratio as two whole numbers from 1 to ${splitRatioMax}, such as 3 for 1.`,
  sameRatio: 'A 1-for-1 split changes nothing: give two different numbers.',
  date: 'Enter the effective date as YYYY-MM-DD.',
  pastDate: 'The effective date must be after today (UTC).',
  noAsset: 'No such asset.',
  crypto: 'Only stocks split; this asset is a cryptocurrency.',
  noSplit: 'No such split.',
  notScheduled: 'Only a scheduled split can be cancelled; this one was already applied or cancelled.',
  alreadyScheduled: 'This stock already has a split scheduled for that date.',
  realMarket: 'Splits are simulated: with a real market data feed, prices already carry the real splits.',
} as const;

export const split = z.object({
  id: z.uuid(),
  asset_id: z.number().int(),
  symbol: z.string(),
  to: z.number().int(),
  from: z.number().int(),
  effective_on: z.iso.date(),
  status: splitStatus,
  scheduled_by: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  applied_at: z.iso.datetime({ offset: true }).nullable(),
  cancelled_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Split = z.infer<typeof split>;

export const splitResponse = z.object({ split });
export const splitListResponse = z.object({ splits: z.array(split) });

/** "3-for-1", "1-for-10". */
export const splitRatioLabel = (entry: { to: number; from: number }) => `${entry.to}-for-${entry.from}`;
export type SplitResponse = z.infer<typeof splitResponse>;
export type SplitListResponse = z.infer<typeof splitListResponse>;

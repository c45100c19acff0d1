import { z } from 'zod';
import { autoModelIds } from './auto-models.ts';

const autoModel = z.enum(autoModelIds);

/** The automated-investing wallet: its model, cash, holdings against their targets, and last rebalance. */
export const autoOverview = z.object({
  model: autoModel,
  cash: z.string(),
  total: z.string(),
  /** What a transfer out can take; null while a price is missing. */
  movable: z.string().nullable(),
  last_rebalanced_at: z.string().nullable(),
  holdings: z.array(
    z.object({ symbol: z.string(), quantity: z.string(), value: z.string(), weight: z.string(), target: z.string() }),
  ),
});
export type AutoOverview = z.infer<typeof autoOverview>;

/** A model portfolio: each asset's target weight in percent. */
export const autoModelSummary = z.object({
  id: autoModel,
  name: z.string(),
  description: z.string(),
  weights: z.array(z.object({ symbol: z.string(), weight: z.number() })),
});
export type AutoModelSummary = z.infer<typeof autoModelSummary>;

export const autoResponse = z.object({ auto: autoOverview, models: z.array(autoModelSummary) });
export type AutoResponse = z.infer<typeof autoResponse>;
export const autoModelChangeResponse = z.object({ auto: autoOverview });
export type AutoModelChangeResponse = z.infer<typeof autoModelChangeResponse>;

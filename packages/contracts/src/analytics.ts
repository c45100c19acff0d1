import { z } from 'zod';

/** Totals of money in and out, investments and savings, and the net worth over the chosen range. */
export const analytics = z.object({
  total_deposited: z.string(),
  total_withdrawn: z.string(),
  total_investment: z.string(),
  total_investment_24hr: z.string(),
  total_savings: z.string(),
  total_savings_24hr: z.string(),
  total_savings_return: z.string(),
  /** ISO time → net worth at that time. */
  chart_data: z.record(z.string(), z.string()),
});
export type Analytics = z.infer<typeof analytics>;
export const analyticsResponse = z.object({ data: analytics });
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

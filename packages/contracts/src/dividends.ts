import { z } from 'zod';

/** One dividend of a stock: per share in US dollars, the assets' currency. */
export const dividendEvent = z.object({
  ex_date: z.string(),
  pay_date: z.string(),
  per_share: z.string(),
  currency: z.string(),
  /** The ex-date's close has passed: buying now no longer earns this dividend. */
  ex_date_passed: z.boolean(),
});
export type DividendEvent = z.infer<typeof dividendEvent>;

/** A stock's dividends: none when it pays none. */
export const assetDividendsResponse = z.object({
  symbol: z.string(),
  yearly_yield: z.string().nullable(),
  frequency: z.enum(['quarterly', 'monthly']).nullable(),
  upcoming: z.array(dividendEvent),
  past: z.array(dividendEvent),
});
export type AssetDividendsResponse = z.infer<typeof assetDividendsResponse>;

/** One dividend paid to one of the user's wallets. */
export const dividendPayment = z.object({
  symbol: z.string(),
  ex_date: z.string(),
  wallet: z.string(),
  quantity: z.string(),
  amount: z.string(),
  currency: z.string(),
  reinvested: z.boolean(),
  paid_at: z.string(),
});
export type DividendPayment = z.infer<typeof dividendPayment>;

/** The user's dividend income, in their settlement currency (payments in another at today's rate): this calendar year (UTC), the last 12 months, the latest payments. */
export const dividendIncomeResponse = z.object({
  currency: z.string(),
  this_year: z.string(),
  last_12_months: z.string(),
  payments: z.array(dividendPayment),
});
export type DividendIncomeResponse = z.infer<typeof dividendIncomeResponse>;

export const dividendSettingsResponse = z.object({ reinvest: z.boolean() });
export type DividendSettingsResponse = z.infer<typeof dividendSettingsResponse>;

import { z } from 'zod';
import { page } from './envelope.ts';

/** A savings product as offered in the user's country. */
export const savingsOffering = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  /** Sanitized rich text. */
  note: z.string(),
  annual_rate_percentage: z.string(),
  annual_limit: z.string().nullable(),
  country_id: z.array(z.number().int()),
});
export type SavingsOffering = z.infer<typeof savingsOffering>;
export const savingsOfferingsResponse = z.object({ accounts: z.array(savingsOffering) });
export type SavingsOfferingsResponse = z.infer<typeof savingsOfferingsResponse>;

const savingsProduct = z.object({ id: z.number().int(), name: z.string(), title: z.string() });

/** An account the user opened: its balance, the interest it earned, and the room left under its yearly limit. */
export const userSavings = z.object({
  id: z.uuid(),
  savings_account_id: z.number().int(),
  savings_account: savingsProduct,
  balance: z.string(),
  total_savings: z.string(),
  total_savings_return: z.string(),
  total_savings_24hr: z.string(),
  return_percentage: z.string(),
  annual_rate_percentage: z.string(),
  annual_limit: z.string().nullable(),
  contribution_room: z.string().nullable(),
  contribution_year: z.number().int(),
  created_at: z.string(),
});
export type UserSavings = z.infer<typeof userSavings>;

export const savingsOpenedResponse = z.object({
  savings: z.object({ id: z.uuid(), savings_account_id: z.number().int() }),
});
export type SavingsOpenedResponse = z.infer<typeof savingsOpenedResponse>;

const savingsMethod = z.enum(['contribution', 'cashout']);
export const savingsMovementResponse = z.object({
  savings_history: z.object({
    id: z.uuid(),
    method: savingsMethod,
    amount: z.string(),
    savings_account_id: z.number().int(),
  }),
});
export type SavingsMovementResponse = z.infer<typeof savingsMovementResponse>;

/** A contribution (credit) or a cash-out (debit). */
export const savingsHistoryRow = z.object({
  id: z.uuid(),
  savings: z.object({ savings_account: savingsProduct }),
  savings_account: savingsProduct,
  method: savingsMethod,
  type: z.enum(['credit', 'debit']),
  amount: z.string(),
  created_at: z.string(),
});
export type SavingsHistoryRow = z.infer<typeof savingsHistoryRow>;
export const savingsHistoryResponse = z.object({ savings_history: page(savingsHistoryRow) });
export type SavingsHistoryResponse = z.infer<typeof savingsHistoryResponse>;

import { z } from 'zod';
import { userResource } from './auth.ts';
import { userSavings } from './savings.ts';
import { transaction, wallets } from './wallet.ts';

const place = z.object({ id: z.number().int(), name: z.string() });

/** The platform's bank details for wire deposits. */
export const depositAccount = z.object({
  bank_account_number: z.string(),
  bank_routing_number: z.string(),
  bank_account_name: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_reference: z.string(),
});

/** The newest bank account the user saved for withdrawals. */
export const withdrawalAccount = z.object({
  id: z.uuid(),
  bank_account_number: z.string().nullable(),
  bank_account_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_routing_number: z.string().nullable(),
  bank_address: z.string().nullable(),
});

/** GET /user: the user, and each related record the `include` query asked for. */
export const userWithIncludes = userResource.extend({
  country: place.extend({ iso_code: z.string() }).nullable().optional(),
  state: place.nullable().optional(),
  /** The city's name, or with `include=city` the city itself (its id is null for a city typed in). */
  city: z.union([z.string(), place.extend({ id: z.number().int().nullable() })]),
  transactions: z.array(transaction).optional(),
  savings: z.array(userSavings).optional(),
  deposit_account: depositAccount.optional(),
  withdrawal_account: withdrawalAccount.nullable().optional(),
  wallet: wallets.optional(),
});
export type UserWithIncludes = z.infer<typeof userWithIncludes>;
export const userResponse = z.object({ user: userWithIncludes });
export type UserResponse = z.infer<typeof userResponse>;

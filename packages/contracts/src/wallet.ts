import { z } from 'zod';
import { page } from './envelope.ts';

/** The ledger's account kinds; a transfer between the user's wallets names two of the first three. */
export const accountKinds = [
  'cash',
  'auto',
  'brokerage',
  'deposits_clearing',
  'withdrawals_clearing',
  'market',
  'interest',
  'savings',
  'dividends',
] as const;
const accountKind = z.enum(accountKinds);

/** A deposit (credit), a withdrawal (debit), a transfer between the user's wallets, interest, or a dividend. */
export const transaction = z.object({
  id: z.uuid(),
  type: z.enum(['credit', 'debit', 'transfer', 'interest', 'dividend']),
  status: z.enum(['pending', 'approved', 'cancelled', 'declined']),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  mode: z.string().nullable(),
  coin: z.string().nullable(),
  address: z.string().nullable(),
  comment: z.string().nullable(),
  swap_from: accountKind.nullable(),
  swap_to: accountKind.nullable(),
  payment_method_id: z.uuid().nullable(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionListResponse = z.object({ transactions: page(transaction) });
export type TransactionListResponse = z.infer<typeof transactionListResponse>;
/** A deposit or withdrawal asked for, a transfer made, or a transaction cancelled. */
export const transactionResponse = z.object({ transaction });
export type TransactionResponse = z.infer<typeof transactionResponse>;

/** A bank account or a crypto address saved for withdrawals; the other kind's fields are null. */
export const paymentMethod = z.object({
  id: z.uuid(),
  type: z.enum(['bank', 'crypto']),
  label: z.string().nullable(),
  currency: z.string().nullable(),
  wallet_address: z.string().nullable(),
  account_number: z.string().nullable(),
  account_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  routing_number: z.string().nullable(),
  bank_address: z.string().nullable(),
  is_withdrawal: z.boolean(),
  created_at: z.string(),
  /** From when money can go to it: a day after it was added, unless confirmed with a strong second step. */
  usable_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const paymentMethodResponse = z.object({ payment_method: paymentMethod });
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponse>;
export const paymentMethodListResponse = z.object({ payment_methods: z.object({ data: z.array(paymentMethod) }) });
export type PaymentMethodListResponse = z.infer<typeof paymentMethodListResponse>;

export const walletFigures = z.object({ balance: z.string(), held: z.string(), available: z.string() });
/** An investing wallet also counts its positions at market value, and how that moved in 24 hours. */
export const investingWallet = walletFigures.extend({
  total: z.string(),
  '24hr_pl': z.string(),
  '24hr_pl_percentage': z.string(),
});
export type InvestingWallet = z.infer<typeof investingWallet>;
/** The user's three wallets; the cash wallet carries the net worth of them all and the savings. */
export const wallets = z.object({
  cash: walletFigures.extend({ total_networth: z.string() }),
  auto: investingWallet,
  brokerage: investingWallet,
});
export type Wallets = z.infer<typeof wallets>;

import { z } from 'zod';
import { userResource } from './auth.ts';
import { page } from './envelope.ts';

const kycStatus = userResource.shape.kyc;
const walletKind = z.enum([
  'cash',
  'auto',
  'brokerage',
  'deposits_clearing',
  'withdrawals_clearing',
  'market',
  'interest',
  'savings',
]);

/** A deposit, withdrawal, transfer or interest payment, as the investor and operators see it. */
const transactionRecord = z.object({
  id: z.string(),
  type: z.enum(['credit', 'debit', 'transfer', 'interest']),
  status: z.enum(['pending', 'approved', 'cancelled', 'declined']),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  mode: z.string().nullable(),
  coin: z.string().nullable(),
  address: z.string().nullable(),
  comment: z.string().nullable(),
  swap_from: walletKind.nullable(),
  swap_to: walletKind.nullable(),
  payment_method_id: z.string().nullable(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

export const kycDocumentLink = z.object({
  id: z.string(),
  side: z.enum(['front', 'back']),
  name: z.string(),
  /** Authenticated URL of the image, for operators. */
  url: z.string(),
});

/** An investor waiting for (or past) an identity decision, with the documents they sent. */
export const kycCase = userResource.extend({ documents: z.array(kycDocumentLink) });
export type KycCase = z.infer<typeof kycCase>;
export const kycQueueResponse = z.object({ users: page(kycCase) });
export type KycQueueResponse = z.infer<typeof kycQueueResponse>;

/** Where a withdrawal is paid out, or a deposit comes from. */
const payoutDetails = z.object({
  type: z.enum(['bank', 'crypto']),
  label: z.string().nullable(),
  currency: z.string().nullable(),
  wallet_address: z.string().nullable(),
  account_number: z.string().nullable(),
  account_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  routing_number: z.string().nullable(),
  bank_address: z.string().nullable(),
});

/** A wallet request as operators see it: whose it is, and where a withdrawal is paid. */
export const adminTransaction = transactionRecord.extend({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  payment_method: payoutDetails.nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransaction>;
export const adminTransactionListResponse = z.object({ transactions: page(adminTransaction) });
export type AdminTransactionListResponse = z.infer<typeof adminTransactionListResponse>;
export const transactionDecisionResponse = z.object({ transaction: transactionRecord });

export const savingsProductUpdateResponse = z.object({
  account: z.object({ id: z.number().int(), name: z.string(), title: z.string(), note: z.string() }),
});

export const userHit = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  kyc: kycStatus,
  role: userResource.shape.role,
});
export type UserHit = z.infer<typeof userHit>;
export const userSearchResponse = z.object({ users: z.array(userHit) });
export type UserSearchResponse = z.infer<typeof userSearchResponse>;

const walletBalance = z.object({ balance: z.string(), held: z.string(), available: z.string() });
export const userDetailResponse = z.object({
  user: userResource.extend({
    wallet: z.object({ cash: walletBalance, auto: walletBalance, brokerage: walletBalance }),
    transactions: z.array(transactionRecord),
  }),
});
export type UserDetail = z.infer<typeof userDetailResponse>['user'];

export const auditEntry = z.object({
  id: z.number().int(),
  operator_id: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  /** The changed fields before and after the action, as recorded. */
  before: z.unknown(),
  after: z.unknown(),
  client_address: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = z.object({ audit: page(auditEntry) });
export type AuditResponse = z.infer<typeof auditResponse>;

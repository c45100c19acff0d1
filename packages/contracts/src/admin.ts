import { z } from 'zod';
import { userResource } from './auth.ts';
import { page } from './envelope.ts';
import { savingsOffering } from './savings.ts';
import { paymentMethod, transaction, walletFigures } from './wallet.ts';

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

/** A wallet request as operators see it: whose it is, and where a withdrawal is paid. */
export const adminTransaction = transaction.extend({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  payment_method: paymentMethod.omit({ id: true, is_withdrawal: true, created_at: true, usable_at: true }).nullable(),
});
export const adminTransactionListResponse = z.object({ transactions: page(adminTransaction) });
export type AdminTransactionListResponse = z.infer<typeof adminTransactionListResponse>;

export const savingsProductUpdateResponse = z.object({
  account: savingsOffering.pick({ id: true, name: true, title: true, note: true }),
});

export const userHit = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  kyc: userResource.shape.kyc,
  role: userResource.shape.role,
});
export const userSearchResponse = z.object({ users: z.array(userHit) });
export type UserSearchResponse = z.infer<typeof userSearchResponse>;

export const userDetailResponse = z.object({
  user: userResource.extend({
    wallet: z.object({ cash: walletFigures, auto: walletFigures, brokerage: walletFigures }),
    transactions: z.array(transaction),
  }),
});
export type UserDetail = z.infer<typeof userDetailResponse>['user'];

/** Who made a change: an operator at the console, or a user on their own account (a security change). */
export const auditActorKind = z.enum(['operator', 'user']);
export type AuditActorKind = z.infer<typeof auditActorKind>;

export const auditEntry = z.object({
  id: z.number().int(),
  actor_kind: auditActorKind,
  actor_id: z.string(),
  actor_email: z.string(),
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

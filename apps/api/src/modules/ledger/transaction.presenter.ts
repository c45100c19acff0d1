import type { TransactionRow } from './wallet-writes.ts';

export function presentTransaction(row: TransactionRow) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    mode: row.mode,
    coin: row.coin,
    address: row.address,
    comment: row.comment,
    swap_from: row.swapFrom,
    swap_to: row.swapTo,
    payment_method_id: row.paymentMethodId,
    decline_reason: row.declineReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

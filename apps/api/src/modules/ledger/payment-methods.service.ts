import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** A new withdrawal destination waits this long, so that whoever took over the account cannot empty it at once. */
export const newDestinationWaitMs = 24 * 60 * 60 * 1000;

/** A bank account or a crypto address for withdrawals, as the user typed it. */
export type NewPaymentMethod =
  | {
      type: 'bank';
      label?: string | undefined;
      account_number: string;
      account_name: string;
      bank_name: string;
      routing_number: string;
      bank_address: string;
    }
  | { type: 'crypto'; label?: string | undefined; currency: string; wallet_address: string };

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** What a saved method says, as the investor and the operators see it: the bank account or the address. */
export const paymentMethodDetails = (row: PaymentMethodRow) => ({
  type: row.type,
  label: row.label,
  currency: row.currency,
  wallet_address: row.walletAddress,
  account_number: row.accountNumber,
  account_name: row.accountName,
  bank_name: row.bankName,
  routing_number: row.routingNumber,
  bank_address: row.bankAddress,
});

const present = (row: PaymentMethodRow) => ({
  id: row.id,
  ...paymentMethodDetails(row),
  is_withdrawal: row.isWithdrawal,
  created_at: row.createdAt.toISOString(),
  usable_at: row.usableAt.toISOString(),
});

export function createPaymentMethods(db: Database, clock: Clock) {
  return {
    /**
     * Each field is stored as typed (the old client copied the account name into the bank name). It
     * can be used a day later, or at once when the session confirmed it with a strong second step.
     */
    async savePaymentMethod(userId: string, method: NewPaymentMethod, confirmedStrongly: boolean) {
      const now = clock.now();
      const usableAt = confirmedStrongly ? now : new Date(now.getTime() + newDestinationWaitMs);
      const [saved] = await db
        .insert(paymentMethods)
        .values(
          method.type === 'bank'
            ? {
                userId,
                createdAt: now,
                usableAt,
                type: 'bank',
                label: method.label ?? null,
                accountNumber: method.account_number,
                accountName: method.account_name,
                bankName: method.bank_name,
                routingNumber: method.routing_number,
                bankAddress: method.bank_address,
              }
            : {
                userId,
                createdAt: now,
                usableAt,
                type: 'crypto',
                label: method.label ?? null,
                currency: method.currency,
                walletAddress: method.wallet_address,
              },
        )
        .returning();
      if (!saved) throw new Error('payment method was not saved');
      return present(saved);
    },

    /** The user's saved payment methods, newest first. */
    async paymentMethods(userId: string, filter: { type?: 'bank' | 'crypto'; isWithdrawal?: boolean }) {
      const rows = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.userId, userId),
            filter.type ? eq(paymentMethods.type, filter.type) : undefined,
            filter.isWithdrawal === undefined ? undefined : eq(paymentMethods.isWithdrawal, filter.isWithdrawal),
          ),
        )
        .orderBy(desc(paymentMethods.createdAt));
      return rows.map(present);
    },
  };
}

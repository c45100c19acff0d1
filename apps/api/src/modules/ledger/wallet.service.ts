import { Decimal } from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { paymentMethods, transactions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { createDepositsAndWithdrawals, type Limits } from './deposits-withdrawals.service.ts';
import { ledgerRepository as ledger, walletKinds, type Account, type WalletKind } from './ledger.repository.ts';
import { toMoney } from '../../lib/money.ts';
import { createPaymentMethods } from './payment-methods.service.ts';
import { createTransactionHistory } from './transaction-history.service.ts';
import { createTransfers, type RaiseAutoCash } from './transfers.service.ts';
import { createWalletWrites, newReference } from './wallet-writes.ts';

// The wallet service is what other modules call; it names the types and helpers they need.
export type { Limits } from './deposits-withdrawals.service.ts';
export type { RaiseAutoCash } from './transfers.service.ts';
export { transactionSorts } from './transaction-history.service.ts';
export { paymentMethodDetails } from './payment-methods.service.ts';
export { presentTransaction } from './transaction.presenter.ts';
export { newReference, walletMessages, type DecisionRecorder, type TransactionRow } from './wallet-writes.ts';

function presentWallets(wallets: Record<WalletKind, Account>) {
  return Object.fromEntries(
    walletKinds.map((kind) => {
      const account = wallets[kind];
      return [
        kind,
        {
          balance: toMoney(account.balance),
          held: toMoney(account.held),
          available: toMoney(new Decimal(account.balance).minus(account.held)),
        },
      ];
    }),
  ) as Record<WalletKind, { balance: string; held: string; available: string }>;
}

/** The filter on type matches the partial index transactions_user_money_idx, so the sums read only the index. */
export const moneyTotalsOf = (userId: string) => sql`
  select coalesce(sum(amount) filter (where type = 'credit'), 0)::text as deposited,
         coalesce(sum(amount) filter (where type = 'debit'), 0)::text as withdrawn
  from transactions where user_id = ${userId} and status = 'approved' and type in ('credit', 'debit')`;

export function createWalletService(deps: {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  limits: Limits;
  raiseAutoCash?: RaiseAutoCash | undefined;
  /** Draws a transaction's reference; newReference unless a test needs a clash. */
  references?: () => string;
}) {
  const { db, clock, users, limits, raiseAutoCash, references = newReference } = deps;
  const currencyOf = async (userId: string, tx: Executor = db) => (await users.get(userId, tx)).currency.code;

  const writes = createWalletWrites(db, references);

  /** The user's wallets: one read once they exist; only the first use creates them, in a transaction. */
  async function openWallets(userId: string, currency?: string) {
    return (
      (await ledger.existingWalletsOf(db, userId)) ??
      (await db.transaction(async (tx) => ledger.walletsOf(tx, userId, currency ?? (await currencyOf(userId, tx)))))
    );
  }

  const depositsAndWithdrawals = createDepositsAndWithdrawals({ clock, limits, currencyOf, writes });
  const transfers = createTransfers({ clock, currencyOf, writes, raiseAutoCash });

  return {
    currencyOf,

    async wallets(userId: string) {
      return presentWallets(await openWallets(userId));
    },

    /** The wallets and what the user's savings accounts hold: one read once the wallets exist. */
    async walletsAndSavings(userId: string) {
      const { wallets, saved } = await ledger.accountsOf(db, userId);
      return { wallets: presentWallets(wallets ?? (await openWallets(userId))), saved: toMoney(saved) };
    },

    ...depositsAndWithdrawals,
    ...transfers,
    ...createPaymentMethods(db, clock),
    ...createTransactionHistory(db),

    /** The bank account a withdrawal goes to by default: the newest saved one. */
    async withdrawalAccount(userId: string) {
      const [bank] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.type, 'bank')))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      return bank
        ? {
            id: bank.id,
            bank_account_number: bank.accountNumber,
            bank_account_name: bank.accountName,
            bank_name: bank.bankName,
            bank_routing_number: bank.routingNumber,
            bank_address: bank.bankAddress,
          }
        : undefined;
    },

    recent: (userId: string, limit: number) =>
      db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.createdAt))
        .limit(limit),

    /** Approved deposits and withdrawals, from the user's transactions. */
    async totals(userId: string) {
      const { rows } = await db.execute<{ deposited: string; withdrawn: string }>(moneyTotalsOf(userId));
      return { deposited: toMoney(rows[0]?.deposited ?? '0'), withdrawn: toMoney(rows[0]?.withdrawn ?? '0') };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

export function walletServiceFor(
  db: Database,
  clock: Clock,
  users: UsersRepository,
  limits: Limits,
  raiseAutoCash?: RaiseAutoCash,
  references?: () => string,
) {
  return createWalletService({ db, clock, users, limits, raiseAutoCash, ...(references ? { references } : {}) });
}

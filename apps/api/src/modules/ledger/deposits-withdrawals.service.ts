import { formatMoneyIn } from '@itrust/contracts';
import { amountRangeMessage, limitNames } from '@itrust/contracts/wallet-rules';
import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentMethods, transactions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict, Forbidden, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { ledgerRepository as ledger } from './ledger.repository.ts';
import { toMoney } from '../../lib/money.ts';
import { newDestinationWaitMs } from './payment-methods.service.ts';
import { walletMessages, type DecisionRecorder, type TransactionRow, type WalletWrites } from './wallet-writes.ts';

/** The smallest and largest amount of each request, from the configuration. */
export type Limits = Record<'cryptoDeposit' | 'bankDeposit' | 'withdrawal', [number, number]>;

const range = (amount: Decimal, [minimum, maximum]: [number, number], what: string, currency: string) => {
  if (amount.lt(minimum) || amount.gt(maximum)) {
    const limits = [new Decimal(minimum).toFixed(2), new Decimal(maximum).toFixed(2)] as const;
    const message = amountRangeMessage(what, limits, (limit) => formatMoneyIn(limit, currency));
    throw new ValidationFailed({ amount: [message] });
  }
};

export function createDepositsAndWithdrawals(deps: {
  clock: Clock;
  limits: Limits;
  currencyOf: (userId: string, tx: Executor) => Promise<string>;
  writes: WalletWrites;
}) {
  const { clock, limits, currencyOf } = deps;
  const { withReference, moving, record } = deps.writes;

  /** pending → the given final state, exactly once even when two decisions race. */
  async function decide(
    tx: Executor,
    transactionId: string,
    status: 'approved' | 'cancelled' | 'declined',
    extra: Partial<TransactionRow> = {},
  ) {
    const [decided] = await tx
      .update(transactions)
      .set({ status, decidedAt: clock.now(), ...extra })
      .where(and(eq(transactions.id, transactionId), eq(transactions.status, 'pending')))
      .returning();
    if (!decided) throw new Conflict(walletMessages.notPending);
    return decided;
  }

  /** A withdrawal's hold on cash ends once it is paid out, cancelled or declined. */
  async function releaseHold(tx: Executor, withdrawal: TransactionRow) {
    const wallets = await ledger.walletsOf(tx, withdrawal.userId, withdrawal.currency);
    await ledger.release(tx, wallets.cash.id, new Decimal(withdrawal.amount));
  }

  return {
    /** A pending deposit: nothing is spendable until an operator confirms the money arrived. */
    async requestDeposit(
      userId: string,
      input: { amount: Decimal; mode: 'crypto' | 'bank'; coin?: string | undefined; comment?: string | undefined },
    ) {
      if (input.amount.lt(1)) throw new ValidationFailed({ amount: [walletMessages.minimumDeposit] });
      return withReference((reference) =>
        moving(async (tx) => {
          const currency = await currencyOf(userId, tx);
          range(
            input.amount,
            input.mode === 'crypto' ? limits.cryptoDeposit : limits.bankDeposit,
            input.mode === 'crypto' ? limitNames.crypto_deposit : limitNames.bank_deposit,
            currency,
          );
          return record(tx, {
            userId,
            type: 'credit',
            status: 'pending',
            createdAt: clock.now(),
            amount: toMoney(input.amount),
            currency,
            reference,
            mode: input.mode,
            coin: input.mode === 'crypto' ? (input.coin ?? null) : null,
            comment: input.comment ?? null,
          });
        }),
      );
    },

    /**
     * A pending withdrawal holds its amount in the cash wallet at once. To a destination added in the
     * last day it needs a fresh second step (`confirm` asks for it), and a strong one until it is usable.
     */
    async requestWithdrawal(
      userId: string,
      input: { amount: Decimal; paymentMethodId: string; comment?: string | undefined },
      confirm: () => { strong: boolean },
    ) {
      return withReference((reference) =>
        moving(async (tx) => {
          const [method] = await tx
            .select()
            .from(paymentMethods)
            .where(and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.userId, userId)));
          if (!method) throw new NotFound(walletMessages.noSuchPaymentMethod);
          const now = clock.now();
          if (now.getTime() - method.createdAt.getTime() < newDestinationWaitMs) {
            const { strong } = confirm();
            if (method.usableAt > now && !strong)
              throw new Forbidden(walletMessages.destinationWaiting(method.usableAt));
          }
          const currency = await currencyOf(userId, tx);
          range(input.amount, limits.withdrawal, limitNames.withdrawal, currency);
          const wallets = await ledger.walletsOf(tx, userId, currency);
          await ledger.hold(tx, wallets.cash.id, input.amount);
          return record(tx, {
            userId,
            type: 'debit',
            status: 'pending',
            createdAt: clock.now(),
            amount: toMoney(input.amount),
            currency,
            reference,
            mode: method.type,
            coin: method.type === 'crypto' ? method.currency : null,
            address: method.type === 'crypto' ? method.walletAddress : method.accountNumber,
            paymentMethodId: method.id,
            comment: input.comment ?? null,
          });
        }),
      );
    },

    /** The owner cancels a pending deposit or withdrawal; a withdrawal's hold is released. */
    async cancel(userId: string, transactionId: string) {
      return moving(async (tx) => {
        const [owned] = await tx
          .select()
          .from(transactions)
          .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
        if (!owned) throw new NotFound(walletMessages.noSuchTransaction);
        const cancelled = await decide(tx, transactionId, 'cancelled');
        if (cancelled.type === 'debit') await releaseHold(tx, cancelled);
        return cancelled;
      });
    },

    /** The operator's confirmation: a deposit posts to cash; a withdrawal's hold is paid out. */
    async approve(transactionId: string, payoutReference?: string, record?: DecisionRecorder) {
      return moving(async (tx) => {
        const approved = await decide(tx, transactionId, 'approved', payoutReference ? { payoutReference } : {});
        await record?.(tx, approved);
        if (approved.type !== 'credit' && approved.type !== 'debit')
          throw new AppError(409, 'Only deposits and withdrawals wait for a decision.');
        const deposit = approved.type === 'credit';
        const amount = new Decimal(approved.amount);
        if (!deposit) await releaseHold(tx, approved);
        const cash = { userId: approved.userId, kind: 'cash', currency: approved.currency } as const;
        const clearing = {
          kind: deposit ? 'deposits_clearing' : 'withdrawals_clearing',
          currency: approved.currency,
        } as const;
        const [from, to] = deposit ? [clearing, cash] : [cash, clearing];
        const at = approved.decidedAt ?? clock.now();
        await ledger.move(tx, deposit ? 'deposit' : 'withdrawal', approved.id, from, to, amount, at);
        return approved;
      });
    },

    async decline(transactionId: string, reason: string, record?: DecisionRecorder) {
      return moving(async (tx) => {
        const declined = await decide(tx, transactionId, 'declined', { declineReason: reason });
        await record?.(tx, declined);
        if (declined.type === 'debit') await releaseHold(tx, declined);
        return declined;
      });
    },
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { formatMoneyIn } from '@itrust/contracts';
import { amountRangeMessage, limitNames, walletRefusals } from '@itrust/contracts/wallet-rules';
import { Decimal } from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  databaseErrorOf,
  DrawnValueTaken,
  drawsAllowed,
  hotQuery,
  inTransaction,
  placeholders,
  readerOf,
  rowFrom,
  violates,
  type Database,
  type Executor,
} from '../../db/client.ts';
import { paymentMethods, transactions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBatches } from '../../lib/batches.ts';
import { AppError, Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import {
  InsufficientFunds,
  ledgerRepository as ledger,
  movement,
  walletKinds,
  writeSwaps,
  type Account,
  type SwapToWrite,
  type WalletKind,
} from './ledger.repository.ts';
import { createKeptAccountIds } from './kept-account-ids.ts';
import { lockAccounts } from './locks.ts';
import { toMoney } from './money.ts';

export type Limits = {
  cryptoDeposit: [Decimal, Decimal];
  bankDeposit: [Decimal, Decimal];
  withdrawal: [Decimal, Decimal];
};

export const walletMessages = {
  minimumDeposit: 'Minimum deposit must be greater than 0',
  insufficient: walletRefusals.insufficient,
  sameWallet: 'Choose two different wallets to transfer between.',
  notPending: 'This transaction is no longer pending.',
  noSuchTransaction: 'No such transaction.',
  noSuchPaymentMethod: 'No such payment method.',
} as const;

export type TransactionRow = typeof transactions.$inferSelect;
/** Writes the record of a decision (the audit log) in the same database transaction as the decision. */
export type DecisionRecorder = (tx: Executor, decided: TransactionRow) => Promise<void>;

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

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A reference the user can quote on a bank transfer: 'ITR-' and 8 unambiguous characters. */
export function newReference(): string {
  return `ITR-${[...randomBytes(8)].map((byte) => referenceAlphabet[byte % referenceAlphabet.length]).join('')}`;
}

const range = (amount: Decimal, [minimum, maximum]: [Decimal, Decimal], what: string, currency: string) => {
  if (amount.lt(minimum) || amount.gt(maximum)) {
    const message = amountRangeMessage(what, [minimum.toFixed(2), maximum.toFixed(2)], (limit) =>
      formatMoneyIn(limit, currency),
    );
    throw new ValidationFailed({ amount: [message] });
  }
};

/**
 * A user's approved deposits and withdrawals. The filter on type matches the partial index
 * transactions_user_money_idx, so the sums come from the index alone (without it, every one of the
 * user's transactions was read from the table).
 */
export const moneyTotalsOf = (userId: string) => sql`
  select coalesce(sum(amount) filter (where type = 'credit'), 0)::text as deposited,
         coalesce(sum(amount) filter (where type = 'debit'), 0)::text as withdrawn
  from transactions where user_id = ${userId} and status = 'approved' and type in ('credit', 'debit')`;

/** The columns of a transfer's record, every one always given (comment as null). */
const swapColumns = [
  'userId',
  'type',
  'status',
  'createdAt',
  'amount',
  'currency',
  'reference',
  'swapFrom',
  'swapTo',
  'comment',
  'decidedAt',
] as const;

/** PostgreSQL answered the statement with an error (a SQLSTATE): it did not commit. */
const answeredByDatabase = (error: unknown) => /^[0-9A-Z]{5}$/.test(databaseErrorOf(error).code ?? '');

/** Sells automated-investing holdings, inside the caller's transaction, when the auto wallet's cash is short. */
export type RaiseAutoCash = (tx: Executor, userId: string, amount: Decimal) => Promise<void>;

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
  // Reads of every GET /api/user, built once.
  const recent = hotQuery('recent_transactions', () =>
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, sql.placeholder('userId')))
      .orderBy(desc(transactions.createdAt))
      .limit(sql.placeholder('limit')),
  );
  const latestBankAccount = hotQuery('latest_bank_account', () =>
    db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, sql.placeholder('userId')), eq(paymentMethods.type, 'bank')))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1),
  );

  async function currencyOf(userId: string): Promise<string> {
    const user = await users.findById(userId);
    if (!user) throw new NotFound();
    return user.currency.code;
  }

  /** A movement refused for a wallet short of money becomes a clear 422. */
  async function refusingShortfall<T>(movement: Promise<T>): Promise<T> {
    try {
      return await movement;
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new ValidationFailed({ amount: [walletMessages.insufficient] });
      throw error;
    }
  }

  /**
   * Writes a new transaction with a fresh reference. References are random, so one may already be
   * taken (about once in 100,000 inserts at ten million transactions). The write is one statement or
   * its own transaction, undone whole when the reference is refused, and is run again with another.
   * Inside a caller's transaction (a request with an Idempotency-Key) the clash has failed that
   * transaction too, so it is the caller's to run again (DrawnValueTaken).
   */
  async function withReference<T>(write: (reference: string) => Promise<T>): Promise<T> {
    for (let draws = 1; ; draws += 1) {
      try {
        return await write(references());
      } catch (error) {
        if (!violates(error, 'transactions_reference_unique')) throw error;
        if (inTransaction()) throw new DrawnValueTaken('the reference drawn is taken', { cause: error });
        if (draws >= drawsAllowed) throw error;
      }
    }
  }

  /** Runs money-moving work in one transaction. */
  const moving = <T>(work: (tx: Executor) => Promise<T>) => refusingShortfall(db.transaction(work));

  /** The user's wallets: one read once they exist; only the first use creates them, in a transaction. */
  async function openWallets(userId: string, currency?: string) {
    return (
      (await ledger.existingWalletsOf(db, userId)) ??
      (await db.transaction(async (tx) => ledger.walletsOf(tx, userId, currency ?? (await currencyOf(userId)))))
    );
  }

  const swapRecord = movement('swap', () =>
    db.insert(transactions).values(placeholders(swapColumns)).returning().getSQL(),
  );
  type Swap = Omit<SwapToWrite, 'id' | 'reference'>;
  /** A transfer's record, as a swap of its own or the auto wallet's transaction writes it. */
  const swapRecordOf = (swap: Omit<Swap, 'fromAccount' | 'toAccount'>, reference: string) =>
    ({
      userId: swap.userId,
      type: 'transfer' as const,
      status: 'approved' as const,
      createdAt: swap.at,
      amount: swap.amount,
      currency: swap.currency,
      reference,
      swapFrom: swap.from,
      swapTo: swap.to,
      comment: swap.comment,
      decidedAt: swap.at,
    }) satisfies Record<(typeof swapColumns)[number], unknown>;
  const swapEntries = ({ amount, fromAccount, toAccount }: Pick<Swap, 'amount' | 'fromAccount' | 'toAccount'>) => [
    { accountId: fromAccount, amount: new Decimal(amount).negated() },
    { accountId: toAccount, amount: new Decimal(amount) },
  ];
  const writeAlone = (swap: Swap) =>
    withReference((reference) =>
      refusingShortfall(
        swapRecord.record(db, swapRecordOf(swap, reference), swap.description, swapEntries(swap), swap.at),
      ),
    );
  /**
   * Swaps that arrive while others are being written go together in one statement (writeSwaps).
   * When PostgreSQL refuses it (a wallet short of money, a reference already taken, a deadlock),
   * the statement, its own transaction, wrote nothing, and each goes again alone, to be answered on
   * its own. Without PostgreSQL's answer (a lost connection) none is written again: whether the
   * statement committed is unknown, and each fails as a single swap would.
   */
  async function writeTogether(swaps: Swap[]): Promise<PromiseSettledResult<Record<string, unknown>>[]> {
    if (swaps.length === 1) return Promise.allSettled(swaps.map(writeAlone));
    const written = swaps.map((swap) => ({ ...swap, id: randomUUID(), reference: references() }));
    let rows: Record<string, unknown>[];
    try {
      rows = await writeSwaps(db, written);
    } catch (error) {
      if (!(error instanceof InsufficientFunds) && !answeredByDatabase(error)) throw error;
      return Promise.allSettled(swaps.map(writeAlone));
    }
    const byId = new Map(rows.map((row) => [row['id'], row]));
    return written.map((swap) => {
      const row = byId.get(swap.id);
      return row ? { status: 'fulfilled', value: row } : { status: 'rejected', reason: new Error('swap not recorded') };
    });
  }
  // One statement at a time: the swaps that arrive meanwhile go together in the next, and fewer,
  // larger statements cost PostgreSQL less a swap than more at once (README, Performance).
  const swapsTogether = createBatches(writeTogether, { inFlight: 1, maxSize: 64 });

  const keptIds = createKeptAccountIds();
  const walletIdsOf = async (userId: string, currency: string) =>
    (await keptIds(db, userId, undefined, async () => ({ wallets: await openWallets(userId, currency) }))).wallets;

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

  return {
    currencyOf,

    async wallets(userId: string) {
      return presentWallets(await openWallets(userId));
    },

    /** The wallets and what the user's savings accounts hold: one read once the wallets exist. */
    async walletsAndSavings(userId: string) {
      const { wallets, saved } = await ledger.accountsOf(readerOf(db), userId);
      return { wallets: presentWallets(wallets ?? (await openWallets(userId))), saved: toMoney(saved) };
    },

    /** A pending deposit: nothing is spendable until an operator confirms the money arrived. */
    async requestDeposit(
      userId: string,
      input: { amount: Decimal; mode: 'crypto' | 'bank'; coin?: string | undefined; comment?: string | undefined },
    ) {
      if (input.amount.lt(1)) throw new ValidationFailed({ amount: [walletMessages.minimumDeposit] });
      const currency = await currencyOf(userId);
      range(
        input.amount,
        input.mode === 'crypto' ? limits.cryptoDeposit : limits.bankDeposit,
        input.mode === 'crypto' ? limitNames.crypto_deposit : limitNames.bank_deposit,
        currency,
      );
      const [created] = await withReference((reference) =>
        db
          .insert(transactions)
          .values({
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
          })
          .returning(),
      );
      return created;
    },

    /** A pending withdrawal holds its amount in the cash wallet at once. */
    async requestWithdrawal(
      userId: string,
      input: { amount: Decimal; paymentMethodId: string; comment?: string | undefined },
    ) {
      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.userId, userId)));
      if (!method) throw new NotFound(walletMessages.noSuchPaymentMethod);
      const currency = await currencyOf(userId);
      range(input.amount, limits.withdrawal, limitNames.withdrawal, currency);
      return withReference((reference) =>
        moving(async (tx) => {
          const wallets = await ledger.walletsOf(tx, userId, currency);
          await ledger.hold(tx, wallets.cash.id, input.amount);
          const [created] = await tx
            .insert(transactions)
            .values({
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
            })
            .returning();
          return created;
        }),
      );
    },

    /**
     * Moves money between two of the user's own wallets at once. A caller that already holds the
     * user (the signed-in request) passes the currency and saves a read.
     */
    async swap(
      userId: string,
      input: { amount: Decimal; from: WalletKind; to: WalletKind; comment?: string | undefined; currency?: string },
    ) {
      if (input.from === input.to) throw new ValidationFailed({ to: [walletMessages.sameWallet] });
      const currency = input.currency ?? (await currencyOf(userId));
      const now = clock.now();
      const transfer = {
        userId,
        amount: toMoney(input.amount),
        currency,
        from: input.from,
        to: input.to,
        comment: input.comment ?? null,
        description: `transfer ${input.from} → ${input.to}`,
        at: now,
      };
      const placed = (wallets: Record<WalletKind, { id: number }>): Swap => ({
        ...transfer,
        fromAccount: wallets[input.from].id,
        toAccount: wallets[input.to].id,
      });
      if (input.from === 'auto') {
        // Leaving the auto wallet may first sell holdings: several statements, one transaction.
        return withReference((reference) =>
          moving(async (tx) => {
            const swap = placed(await ledger.walletsOf(tx, userId, currency));
            // Both wallets before the sales lock positions and the market account (locks.ts).
            await lockAccounts(tx, [swap.fromAccount, swap.toAccount]);
            const [created] = await tx.insert(transactions).values(swapRecordOf(swap, reference)).returning();
            await raiseAutoCash?.(tx, userId, input.amount);
            await ledger.post(tx, swap.description, created?.id ?? null, swapEntries(swap), now);
            return created;
          }),
        );
      }
      // The record, the locks, the balances and the journal commit together in one statement, with
      // those of the other swaps that arrive meanwhile unless a caller's transaction holds this one.
      const swap = placed(await walletIdsOf(userId, currency));
      return rowFrom(transactions, await (inTransaction() ? writeAlone(swap) : swapsTogether.submit(swap)));
    },

    /** The owner cancels a pending deposit or withdrawal; a withdrawal's hold is released. */
    async cancel(userId: string, transactionId: string) {
      const [owned] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
      if (!owned) throw new NotFound(walletMessages.noSuchTransaction);
      return moving(async (tx) => {
        const cancelled = await decide(tx, transactionId, 'cancelled');
        if (cancelled.type === 'debit') {
          const wallets = await ledger.walletsOf(tx, userId, cancelled.currency);
          await ledger.release(tx, wallets.cash.id, new Decimal(cancelled.amount));
        }
        return cancelled;
      });
    },

    /** The operator's confirmation: a deposit posts to cash; a withdrawal's hold is paid out. */
    async approve(transactionId: string, payoutReference?: string, record?: DecisionRecorder) {
      return moving(async (tx) => {
        const approved = await decide(tx, transactionId, 'approved', payoutReference ? { payoutReference } : {});
        await record?.(tx, approved);
        const amount = new Decimal(approved.amount);
        const wallets = await ledger.walletsOf(tx, approved.userId, approved.currency);
        if (approved.type === 'credit') {
          const clearing = await ledger.systemAccount(tx, 'deposits_clearing', approved.currency);
          await ledger.post(
            tx,
            'deposit',
            approved.id,
            [
              { accountId: clearing.id, amount: amount.negated() },
              { accountId: wallets.cash.id, amount },
            ],
            approved.decidedAt ?? clock.now(),
          );
        } else if (approved.type === 'debit') {
          const clearing = await ledger.systemAccount(tx, 'withdrawals_clearing', approved.currency);
          await ledger.release(tx, wallets.cash.id, amount);
          await ledger.post(
            tx,
            'withdrawal',
            approved.id,
            [
              { accountId: wallets.cash.id, amount: amount.negated() },
              { accountId: clearing.id, amount },
            ],
            approved.decidedAt ?? clock.now(),
          );
        } else {
          throw new AppError(409, 'Only deposits and withdrawals wait for a decision.');
        }
        return approved;
      });
    },

    async decline(transactionId: string, reason: string, record?: DecisionRecorder) {
      return moving(async (tx) => {
        const declined = await decide(tx, transactionId, 'declined', { declineReason: reason });
        await record?.(tx, declined);
        if (declined.type === 'debit') {
          const wallets = await ledger.walletsOf(tx, declined.userId, declined.currency);
          await ledger.release(tx, wallets.cash.id, new Decimal(declined.amount));
        }
        return declined;
      });
    },

    /** The bank account a withdrawal goes to by default: the newest saved one. */
    async withdrawalAccount(userId: string) {
      const [bank] = await latestBankAccount({ userId });
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

    recent: (userId: string, limit: number) => recent({ userId, limit }),

    /** Approved deposits and withdrawals, from the user's transactions. */
    async totals(userId: string) {
      const { rows } = await readerOf(db).execute<{ deposited: string; withdrawn: string }>(moneyTotalsOf(userId));
      return { deposited: toMoney(rows[0]?.deposited ?? '0'), withdrawn: toMoney(rows[0]?.withdrawn ?? '0') };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

/** The wallet service with the money limits of the configuration. */
export function walletServiceFor(
  db: Database,
  clock: Clock,
  users: UsersRepository,
  limits: Record<'cryptoDeposit' | 'bankDeposit' | 'withdrawal', [number, number]>,
  raiseAutoCash?: RaiseAutoCash,
  references?: () => string,
) {
  const decimals = ([minimum, maximum]: [number, number]): [Decimal, Decimal] => [
    new Decimal(minimum),
    new Decimal(maximum),
  ];
  return createWalletService({
    db,
    clock,
    users,
    limits: {
      cryptoDeposit: decimals(limits.cryptoDeposit),
      bankDeposit: decimals(limits.bankDeposit),
      withdrawal: decimals(limits.withdrawal),
    },
    raiseAutoCash,
    ...(references ? { references } : {}),
  });
}

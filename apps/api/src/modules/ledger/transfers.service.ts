import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import {
  databaseErrorOf,
  inTransaction,
  placeholders,
  rowFrom,
  type Database,
  type Executor,
} from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBatches } from '../../lib/batches.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import {
  InsufficientFunds,
  ledgerRepository as ledger,
  movement,
  type Account,
  type WalletKind,
} from './ledger.repository.ts';
import { writeSwaps, type SwapToWrite } from './swaps.repository.ts';
import { lockAccounts } from './locks.ts';
import { toMoney } from './money.ts';
import { walletMessages, type WalletWrites } from './wallet-writes.ts';

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

/** Transfers between two of a user's own wallets. */
export function createTransfers(deps: {
  db: Database;
  clock: Clock;
  currencyOf: (userId: string) => Promise<string>;
  openWallets: (userId: string, currency?: string) => Promise<Record<WalletKind, Account>>;
  writes: WalletWrites;
  raiseAutoCash?: RaiseAutoCash | undefined;
  references: () => string;
}) {
  const { db, clock, currencyOf, openWallets, raiseAutoCash, references } = deps;
  const { withReference, refusingShortfall, moving } = deps.writes;

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

  return {
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
      const swap = placed(await openWallets(userId, currency));
      return rowFrom(transactions, await (inTransaction() ? writeAlone(swap) : swapsTogether.submit(swap)));
    },
  };
}

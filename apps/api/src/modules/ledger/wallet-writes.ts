import { randomBytes } from 'node:crypto';
import { walletRefusals } from '@itrust/contracts/wallet-rules';
import {
  DrawnValueTaken,
  drawsAllowed,
  inTransaction,
  violates,
  type Database,
  type Executor,
} from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { movingMoney } from './ledger.service.ts';

export const walletMessages = {
  minimumDeposit: 'Minimum deposit must be greater than 0',
  insufficient: walletRefusals.insufficient,
  sameWallet: 'Choose two different wallets to transfer between.',
  notPending: 'This transaction is no longer pending.',
  noSuchTransaction: 'No such transaction.',
  noSuchPaymentMethod: 'No such payment method.',
  destinationWaiting: (usableAt: Date) =>
    `This withdrawal destination can be used from ${usableAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
    'or now once you confirm it with an authenticator app or a passkey.',
} as const;

export type TransactionRow = typeof transactions.$inferSelect;
/** Writes the record of a decision (the audit log) in the same database transaction as the decision. */
export type DecisionRecorder = (tx: Executor, decided: TransactionRow) => Promise<void>;

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A reference the user can quote on a bank transfer: 'ITR-' and 8 unambiguous characters. */
export function newReference(): string {
  return `ITR-${[...randomBytes(8)].map((byte) => referenceAlphabet[byte % referenceAlphabet.length]).join('')}`;
}

/** How the wallet's writes run: with a fresh reference, and in one transaction refusing a shortfall. */
export function createWalletWrites(db: Database, references: () => string) {
  /**
   * Writes a new transaction with a fresh reference. References are random, so one may already be
   * taken, rarely but more often as the table grows. The write is its own
   * transaction, undone whole when the reference is refused, and is run again with another.
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

  const moving = <T>(work: (tx: Executor) => Promise<T>) =>
    movingMoney(db, 'amount', walletMessages.insufficient, work);

  /** Writes the user's record of a movement, the row the history lists. */
  async function record(tx: Executor, values: typeof transactions.$inferInsert): Promise<TransactionRow> {
    const [created] = await tx.insert(transactions).values(values).returning();
    if (!created) throw new Error('transaction was not recorded');
    return created;
  }

  return { withReference, moving, record };
}

export type WalletWrites = ReturnType<typeof createWalletWrites>;

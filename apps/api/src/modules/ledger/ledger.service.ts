import { transaction, type Database, type Transaction } from '../../db/client.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { InsufficientFunds } from './ledger.repository.ts';

// What other modules use of the ledger inside their own database transaction. The ledger stays
// the one writer of journals, balances and holds: they post through it, never to its tables.
export { InsufficientFunds, ledgerRepository, systemShardOf } from './ledger.repository.ts';
export { accountLockOrder, lockWallets } from './locks.ts';

/**
 * Runs money-moving work in one transaction (the caller's, when it opened one). A wallet short of
 * the money refuses it: a 422 on `field` with the movement's own message.
 */
export async function movingMoney<T>(
  db: Database,
  field: string,
  refusal: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await transaction(db, work);
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new ValidationFailed({ [field]: [refusal] });
    throw error;
  }
}

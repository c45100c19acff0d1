// What other modules use of the ledger inside their own database transaction. The ledger stays
// the one writer of journals, balances and holds: they post through it, never to its tables.
export { InsufficientFunds, ledgerRepository, marketShardOf } from './ledger.repository.ts';
export { lockWallets } from './locks.ts';

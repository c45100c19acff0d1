import type { Executor } from '../../db/client.ts';
import { ledgerRepository as ledger, type SystemAccountKey, type WalletKind } from './ledger.repository.ts';

export type AccountIds = { wallets: Record<WalletKind, { id: number }>; system?: { id: number } };

/** Users whose account ids one process keeps (about 100 bytes each); past this the oldest goes first. */
const maxKept = 100_000;

/**
 * A ledger account's id never changes once committed (accounts are never deleted), so a process
 * keeps the ids it has seen: a movement then needs no read before its statement. Ids read inside a
 * transaction that opened the accounts are not kept, as it may yet be undone.
 */
export function createKeptAccountIds() {
  const kept = new Map<string, AccountIds>();
  return async (
    executor: Executor,
    userId: string,
    system: SystemAccountKey | undefined,
    open: () => Promise<AccountIds>,
  ): Promise<AccountIds> => {
    const key = system ? `${userId} ${system.kind} ${system.currency} ${system.shard ?? 0}` : userId;
    const known = kept.get(key);
    if (known) return known;
    const settled = await ledger.settledIds(executor, userId, system);
    if (!settled) return open();
    if (kept.size >= maxKept) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, settled);
    return settled;
  };
}

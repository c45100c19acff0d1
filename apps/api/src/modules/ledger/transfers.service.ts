import type { Decimal } from 'decimal.js';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { ledgerRepository as ledger, type WalletKind } from './ledger.repository.ts';
import { lockWallets } from './locks.ts';
import { toMoney } from '../../lib/money.ts';
import { walletMessages, type WalletWrites } from './wallet-writes.ts';

/** Sells automated-investing holdings, inside the caller's transaction, when the auto wallet's cash is short. */
export type RaiseAutoCash = (tx: Executor, userId: string, amount: Decimal) => Promise<void>;

export function createTransfers(deps: {
  clock: Clock;
  currencyOf: (userId: string, tx?: Executor) => Promise<string>;
  writes: WalletWrites;
  raiseAutoCash?: RaiseAutoCash | undefined;
}) {
  const { clock, currencyOf, raiseAutoCash } = deps;
  const { withReference, moving, record } = deps.writes;

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
      const { amount } = input;
      return withReference((reference) =>
        moving(async (tx) => {
          const currency = input.currency ?? (await currencyOf(userId, tx));
          const now = clock.now();
          const created = await record(tx, {
            userId,
            type: 'transfer',
            status: 'approved',
            createdAt: now,
            amount: toMoney(amount),
            currency,
            reference,
            swapFrom: input.from,
            swapTo: input.to,
            comment: input.comment ?? null,
            decidedAt: now,
          });
          if (input.from === 'auto' && raiseAutoCash) {
            // Both wallets before the sales lock positions and the market account (locks.ts).
            await lockWallets(tx, userId, [input.from, input.to]);
            await raiseAutoCash(tx, userId, amount);
          }
          const wallet = (kind: WalletKind) => ({ userId, kind, currency });
          const description = `transfer ${input.from} → ${input.to}`;
          await ledger.move(tx, description, created.id, wallet(input.from), wallet(input.to), amount, now);
          return created;
        }),
      );
    },
  };
}

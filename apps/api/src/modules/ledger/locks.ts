import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The one order in which money rows are locked, so that two transactions never wait on each other
 * in a circle (a deadlock): the recurring plan whose slot runs; the pending transaction a decision
 * settles; savings accounts (user_savings); users' ledger accounts; positions; system ledger
 * accounts (market, clearing, interest). Each kind in id order. A transaction moving users' accounts over several statements
 * locks them together first (lockWallets); taking a lock again is free. Money never locks users' rows.
 */
export const accountLockOrder = sql.raw('user_id is null, id');

export async function lockWallets(tx: Executor, userId: string, kinds: string[]): Promise<void> {
  await tx.execute(sql`
    select id from ledger_accounts
    where user_id = ${userId} and savings_id is null and kind in (${sql.join(
      kinds.map((kind) => sql`${kind}::account_kind`),
      sql`, `,
    )})
    order by ${accountLockOrder} for update`);
}

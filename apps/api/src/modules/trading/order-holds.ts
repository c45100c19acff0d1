import type { OrderEndReason } from '@itrust/contracts';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, positions } from '../../db/schema/index.ts';
import { ledgerRepository as ledger } from '../ledger/ledger.service.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The brokerage wallet a buy order's money is held in; the caller has locked it (locks.ts). */
async function brokerageOf(tx: Executor, userId: string) {
  const [account] = (
    await tx.execute<{ id: number }>(sql`
      select id::int from ledger_accounts where user_id = ${userId} and kind = 'brokerage' and savings_id is null`)
  ).rows;
  if (!account) throw new Error(`the brokerage wallet of ${userId} is missing`);
  return account.id;
}

/** Holds what a buy order may use of the brokerage wallet (created on first use); throws InsufficientFunds when short. */
export async function holdMoney(tx: Executor, userId: string, currency: string, amount: Decimal): Promise<void> {
  const { brokerage } = await ledger.walletsOf(tx, userId, currency);
  await ledger.hold(tx, brokerage.id, amount);
}

/**
 * Holds quantity of a position for a sell; false when the position has less that no other order holds.
 * The position row's own lock decides between two orders on it.
 */
export async function holdQuantity(tx: Executor, positionId: string, quantity: Decimal): Promise<boolean> {
  const held = await tx
    .update(positions)
    .set({ reservedQuantity: sql`${positions.reservedQuantity} + ${quantity.toFixed(8)}::numeric` })
    .where(
      and(
        eq(positions.id, positionId),
        eq(positions.status, 'open'),
        sql`${positions.quantity} - ${positions.reservedQuantity} >= ${quantity.toFixed(8)}::numeric`,
      ),
    )
    .returning({ id: positions.id });
  return held.length === 1;
}

/** Gives back what an open order holds, as its end (fill, cancel, expiry) is written in the same transaction. */
async function release(tx: Executor, order: OrderRow): Promise<void> {
  if (order.side === 'buy') {
    await ledger.release(tx, await brokerageOf(tx, order.userId), new Decimal(order.reserved));
    return;
  }
  if (order.type === 'exit' || !order.positionId || !order.quantity) return;
  await tx
    .update(positions)
    .set({ reservedQuantity: sql`${positions.reservedQuantity} - ${order.quantity}::numeric` })
    .where(eq(positions.id, order.positionId));
}

/**
 * Ends an order that is still open, once: the conditional update decides between a fill, a cancel
 * and an expiry racing each other, and the hold is released with it. Undefined when it had ended.
 */
export async function endOrder(
  tx: Executor,
  orderId: string,
  status: 'filled' | 'cancelled' | 'expired',
  reason: OrderEndReason,
  at: Date,
): Promise<OrderRow | undefined> {
  const [ended] = await tx
    .update(orders)
    .set({ status, endReason: reason, endedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'open')))
    .returning();
  if (ended) await release(tx, ended);
  return ended;
}

/** Cancels the open orders on a position that has just closed in full: nothing is left for them to sell. */
export async function endPositionOrders(tx: Executor, positionId: string, at: Date): Promise<void> {
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.positionId, positionId), eq(orders.side, 'sell'), eq(orders.status, 'open')));
  for (const { id } of open) await endOrder(tx, id, 'cancelled', 'position_closed', at);
}

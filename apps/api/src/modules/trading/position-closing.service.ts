import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { positions, trades } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { belowOneCent, saleProceeds, tradeValue } from '../../lib/trade-cash.ts';
import { lockWallets } from '../ledger/ledger.service.ts';
import { toMoney } from '../../lib/money.ts';
import { tradingMessages, type PositionRow, type TradeSettlement } from './trade-settlement.service.ts';

/** A part of a position's cost, in the settlement currency, rounded half up to the cent. */
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Selling: the owner closes a position, or a crossed take-profit or stop-loss closes it. */
export function createPositionClosing(
  { db, clock }: { db: Database; clock: Clock },
  { quoteAt, currencyOf, postTrade, settle }: TradeSettlement,
) {
  /**
   * Closes part or all of a position at the current price; the proceeds, to the cent below, go back
   * to its wallet. Part of a position worth less than a cent is refused; the whole of one may close
   * for nothing, so that no position is left that can never be closed.
   */
  async function closeIn(
    tx: Executor,
    position: PositionRow,
    quantity: Decimal,
    reason: 'manual' | 'take_profit' | 'stop_loss' | 'rebalance',
  ) {
    const held = new Decimal(position.quantity);
    if (quantity.gt(held)) throw new ValidationFailed({ quantity: [tradingMessages.tooMuch] });
    const currency = await currencyOf(position.userId, tx);
    const { quote, rate } = await quoteAt(tx, position.assetId, currency);
    const value = tradeValue(quantity, quote.price, rate);
    const full = quantity.eq(held);
    if (!full && belowOneCent(value)) throw new ValidationFailed({ quantity: [tradingMessages.belowOneCent] });
    const proceeds = saleProceeds(value);
    const costPart = full
      ? new Decimal(position.cost)
      : cents(new Decimal(position.cost).times(quantity).dividedBy(held));
    const profit = proceeds.minus(costPart);
    const now = clock.now();
    const trade = tx.$with('trade').as(
      tx.insert(trades).values({
        userId: position.userId,
        positionId: position.id,
        assetId: position.assetId,
        side: 'sell',
        quantity: quantity.toFixed(8),
        price: quote.price,
        fxRate: rate.toString(),
        amount: toMoney(proceeds),
        realisedPl: toMoney(profit),
        reason,
        createdAt: now,
      }),
    );
    await tx
      .with(trade)
      .update(positions)
      .set({
        quantity: held.minus(quantity).toFixed(8),
        cost: toMoney(new Decimal(position.cost).minus(costPart)),
        realisedPl: toMoney(new Decimal(position.realisedPl).plus(profit)),
        ...(full ? { status: 'closed' as const, closedAt: now, closeReason: reason } : {}),
      })
      .where(eq(positions.id, position.id));
    const wallet = position.wallet === 'auto' ? 'auto' : 'brokerage';
    await postTrade(tx, 'sell', quote.symbol, { userId: position.userId, currency, wallet }, proceeds, now);
    return { proceeds, profit };
  }

  /** The position, locked after its wallet (locks.ts), and still open. */
  async function lockOwned(tx: Executor, userId: string | null, positionId: string): Promise<PositionRow> {
    const owned = userId
      ? and(eq(positions.id, positionId), eq(positions.userId, userId))
      : eq(positions.id, positionId);
    const [found] = await tx
      .select({ userId: positions.userId, wallet: positions.wallet })
      .from(positions)
      .where(owned);
    if (!found) throw new NotFound(tradingMessages.noPosition);
    await lockWallets(tx, found.userId, [found.wallet]);
    const [position] = await tx.select().from(positions).where(owned).for('update');
    if (!position) throw new NotFound(tradingMessages.noPosition);
    if (position.status !== 'open') throw new Conflict(tradingMessages.closed);
    return position;
  }

  return {
    closeIn,

    /** The owner closes part or all of an open position. */
    async close(userId: string, positionId: string, quantity: Decimal) {
      return settle(async (tx) => {
        const position = await lockOwned(tx, userId, positionId);
        if (position.wallet === 'auto') throw new ValidationFailed({ position_id: [tradingMessages.managed] });
        return closeIn(tx, position, quantity, 'manual');
      });
    },

    /**
     * After a tick: every open position whose take-profit or stop-loss the price has crossed is closed
     * in full at that price, once (the row lock and the open-status check stop a second close).
     */
    async closeTriggered(): Promise<number> {
      const { rows } = await db.execute<{ id: string; reason: 'take_profit' | 'stop_loss' }>(sql`
        select p.id, case when p.take_profit is not null and q.price >= p.take_profit then 'take_profit' else 'stop_loss' end as reason
        from positions p join asset_quotes q on q.asset_id = p.asset_id
        where p.status = 'open' and ((p.take_profit is not null and q.price >= p.take_profit) or (p.stop_loss is not null and q.price <= p.stop_loss))`);
      let closed = 0;
      for (const row of rows) {
        try {
          await settle(async (tx) => {
            const position = await lockOwned(tx, null, row.id);
            await closeIn(tx, position, new Decimal(position.quantity), row.reason);
          });
          closed += 1;
        } catch (error) {
          if (!(error instanceof Conflict)) throw error;
        }
      }
      return closed;
    },
  };
}

import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { positions, trades } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { belowOneCent, saleProceeds, tradeValue } from '../../lib/trade-cash.ts';
import { lockWallets } from '../ledger/ledger.service.ts';
import { toMoney } from '../../lib/money.ts';
import { endPositionOrders } from './order-holds.ts';
import { tradingMessages, type PositionRow, type TradeSettlement } from './trade-settlement.service.ts';

/** A part of a position's cost, in the settlement currency, rounded half up to the cent. */
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Selling: the owner closes a position, or a sell order fills (order-fills.ts). */
export function createPositionClosing(
  { clock }: { clock: Clock },
  { quoteAt, currencyOf, postTrade, settle }: TradeSettlement,
) {
  /**
   * Closes part or all of a position at the current price; the proceeds, to the cent below, go back
   * to its wallet. Part of a position worth less than a cent is refused; the whole of one may close
   * for nothing, so that no position is left that can never be closed. What open sell orders hold of
   * the position is not the caller's to sell; closing it in full ends its exit order.
   */
  async function closeIn(
    tx: Executor,
    position: PositionRow,
    quantity: Decimal,
    reason: PositionRow['closeReason'] & string,
  ) {
    const held = new Decimal(position.quantity);
    if (quantity.gt(held.minus(position.reservedQuantity)))
      throw new ValidationFailed({ quantity: [tradingMessages.tooMuch] });
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
    if (full) await endPositionOrders(tx, position.id, now);
    const wallet = position.wallet === 'auto' ? 'auto' : 'brokerage';
    await postTrade(tx, 'sell', quote.symbol, { userId: position.userId, currency, wallet }, proceeds, now);
    return { proceeds, profit };
  }

  /** The position, locked after its wallet (locks.ts), and still open. */
  async function lockOwned(tx: Executor, userId: string, positionId: string): Promise<PositionRow> {
    const owned = and(eq(positions.id, positionId), eq(positions.userId, userId));
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
  };
}

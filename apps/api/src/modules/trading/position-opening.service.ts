import { randomUUID } from 'node:crypto';
import { formatPrice } from '@itrust/contracts';
import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, positions, trades } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { toMoney } from '../../lib/money.ts';
import {
  costAt,
  tradingMessages,
  type PositionRow,
  type Quote,
  type Quoted,
  type TradeSettlement,
} from './trade-settlement.service.ts';

/**
 * A take-profit at or below the price, or a stop-loss at or above it, would close the position on
 * the next tick, at once and for nothing the investor meant; refused instead.
 */
function checkExits(order: { takeProfit?: Decimal | undefined; stopLoss?: Decimal | undefined }, quote: Quote) {
  const price = new Decimal(quote.price);
  if (order.takeProfit?.lte(price))
    throw new ValidationFailed({ tp: [tradingMessages.takeProfitBelow(formatPrice(quote.price))] });
  if (order.stopLoss?.gte(price))
    throw new ValidationFailed({ sl: [tradingMessages.stopLossAbove(formatPrice(quote.price))] });
}

type Order = {
  assetId: number;
  quantity: Decimal;
  wallet: 'brokerage' | 'auto';
  takeProfit?: Decimal | undefined;
  stopLoss?: Decimal | undefined;
  /** The waiting order a fill comes from; a market order otherwise. */
  orderType?: string;
  /** The quote the caller worked the quantity out from, so the buy settles at that price and not a newer one. */
  quoted?: Quoted;
};

/** Buying: a brokerage buy opens a position; an automated-investing buy adds to the one it holds. */
export function createPositionOpening(
  { clock }: { clock: Clock },
  { currencyOf, priced, postTrade, quoteAt, settle }: TradeSettlement,
) {
  /**
   * Buys inside the caller's transaction at the current price; the cost leaves the wallet through
   * the ledger. Brokerage buys open a position each; the automated-investing wallet keeps one open
   * position per asset and adds to it.
   */
  async function buyIn(tx: Executor, userId: string, currency: string, order: Order) {
    const { quote, rate, cost } = order.quoted
      ? costAt(order.quoted, order.quantity)
      : await priced(tx, order.assetId, order.quantity, currency);
    checkExits(order, quote);
    const now = clock.now();
    const [held] =
      order.wallet === 'auto'
        ? await tx
            .select()
            .from(positions)
            .where(
              and(
                eq(positions.userId, userId),
                eq(positions.assetId, order.assetId),
                eq(positions.wallet, 'auto'),
                eq(positions.status, 'open'),
              ),
            )
            .for('update')
        : [];
    // The trade and its position in one statement; a new position's id is drawn here for its trade.
    const positionId = held?.id ?? randomUUID();
    const trade = tx.$with('trade').as(
      tx.insert(trades).values({
        userId,
        positionId,
        assetId: order.assetId,
        side: 'buy',
        quantity: order.quantity.toFixed(8),
        price: quote.price,
        fxRate: rate.toString(),
        amount: toMoney(cost),
        createdAt: now,
      }),
    );
    const [position] = held
      ? await tx
          .with(trade)
          .update(positions)
          .set({
            quantity: new Decimal(held.quantity).plus(order.quantity).toFixed(8),
            openedQuantity: new Decimal(held.openedQuantity).plus(order.quantity).toFixed(8),
            cost: toMoney(new Decimal(held.cost).plus(cost)),
            openedCost: toMoney(new Decimal(held.openedCost).plus(cost)),
          })
          .where(eq(positions.id, positionId))
          .returning()
      : await tx
          .with(trade)
          .insert(positions)
          .values({
            id: positionId,
            userId,
            assetId: order.assetId,
            wallet: order.wallet,
            quantity: order.quantity.toFixed(8),
            openedQuantity: order.quantity.toFixed(8),
            entryPrice: quote.price,
            fxRate: rate.toString(),
            cost: toMoney(cost),
            openedCost: toMoney(cost),
            orderType: order.orderType ?? 'market',
            createdAt: now,
          })
          .returning();
    if (!position) throw new Error('position was not recorded');
    if (order.takeProfit || order.stopLoss)
      // The take-profit and stop-loss wait as one exit order, filled by the same step as every order.
      await tx.insert(orders).values({
        userId,
        assetId: order.assetId,
        side: 'sell',
        type: 'exit',
        limitPrice: order.takeProfit?.toString() ?? null,
        stopPrice: order.stopLoss?.toString() ?? null,
        timeInForce: 'gtc',
        positionId,
        createdAt: now,
      });
    await postTrade(tx, 'buy', quote.symbol, { userId, currency, wallet: order.wallet }, cost, now);
    return { position, cost };
  }

  return {
    buyIn,

    /**
     * Buys `amount` worth of an asset at the current price from the brokerage wallet, in the caller's
     * transaction if there is one: a recurring buy's run. The quantity is rounded down, so the cost,
     * rounded up to the cent, never exceeds the amount. `currency` is the user's, which the callers
     * read with what they run.
     */
    async buyWorth(userId: string, assetId: number, amount: Decimal, currency: string) {
      return settle(async (tx) => {
        const quoted = await quoteAt(tx, assetId, currency);
        const quantity = amount
          .dividedBy(new Decimal(quoted.quote.price).times(quoted.rate))
          .toDecimalPlaces(8, Decimal.ROUND_DOWN);
        return buyIn(tx, userId, currency, { assetId, quantity, wallet: 'brokerage', quoted });
      });
    },

    /** Buys at the current price into a new brokerage position. */
    async buy(
      userId: string,
      order: {
        assetId: number;
        quantity: Decimal;
        takeProfit?: Decimal | undefined;
        stopLoss?: Decimal | undefined;
        /** The user's currency, when the caller already holds the user. */
        currency?: string;
      },
    ): Promise<PositionRow> {
      return settle(async (tx) => {
        const currency = order.currency ?? (await currencyOf(userId, tx));
        return (await buyIn(tx, userId, currency, { ...order, wallet: 'brokerage' })).position;
      });
    },
  };
}

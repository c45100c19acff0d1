import { formatPrice } from '@itrust/contracts';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { placeholders, rowFrom, type Database, type Executor } from '../../db/client.ts';
import { positions, trades } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { movement } from '../ledger/ledger.repository.ts';
import { toMoney } from '../ledger/money.ts';
import {
  buyColumns,
  tradingMessages,
  type PositionRow,
  type Quote,
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

/** The columns of a new position, every one always given. */
const openColumns = [
  'userId',
  'assetId',
  'wallet',
  'quantity',
  'openedQuantity',
  'entryPrice',
  'fxRate',
  'cost',
  'openedCost',
  'takeProfit',
  'stopLoss',
  'createdAt',
] as const;

/** A market order for a wallet, with its optional take-profit and stop-loss prices. */
type Order = {
  assetId: number;
  quantity: Decimal;
  wallet: 'brokerage' | 'auto';
  takeProfit?: Decimal | undefined;
  stopLoss?: Decimal | undefined;
};

/** A new position's values: what was bought, at what price and exchange rate, for what cost. */
function opening(
  userId: string,
  order: Order,
  { quote, rate, cost }: { quote: Quote; rate: Decimal; cost: Decimal },
  now: Date,
) {
  return {
    userId,
    assetId: order.assetId,
    wallet: order.wallet,
    quantity: order.quantity.toFixed(8),
    openedQuantity: order.quantity.toFixed(8),
    entryPrice: quote.price,
    fxRate: rate.toString(),
    cost: toMoney(cost),
    openedCost: toMoney(cost),
    takeProfit: order.takeProfit?.toString() ?? null,
    stopLoss: order.stopLoss?.toString() ?? null,
    createdAt: now,
  } satisfies Record<(typeof openColumns)[number], unknown>;
}

/** Buying: a brokerage buy opens a position; an automated-investing buy adds to the one it holds. */
export function createPositionOpening(
  { db, clock }: { db: Database; clock: Clock },
  { currencyOf, tradeRecord, priced, tradingAccounts, settle }: TradeSettlement,
) {
  const buyRecord = tradeRecord('trade_buy', buyColumns);
  // A brokerage buy opens its position, records the trade against it and posts the cost, in one
  // statement. The position and the trade share the placeholders of the values they share.
  const brokerageBuy = movement(
    'brokerage_buy',
    () =>
      db
        .insert(trades)
        .values({ ...placeholders(buyColumns), positionId: sql`(select id from opened)` })
        .returning()
        .getSQL(),
    {
      linked: false,
      before: () => sql`opened as (${db.insert(positions).values(placeholders(openColumns)).returning().getSQL()})`,
      result: 'opened',
    },
  );

  /**
   * Buys inside the caller's transaction at the current price; the cost leaves the wallet through
   * the ledger. Brokerage buys open a position each; the automated-investing wallet keeps one open
   * position per asset and adds to it.
   */
  async function buyIn(tx: Executor, userId: string, currency: string, order: Order) {
    const { quote, rate, cost } = await priced(tx, order.assetId, order.quantity, currency);
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
    const [position] = held
      ? await tx
          .update(positions)
          .set({
            quantity: new Decimal(held.quantity).plus(order.quantity).toFixed(8),
            openedQuantity: new Decimal(held.openedQuantity).plus(order.quantity).toFixed(8),
            cost: toMoney(new Decimal(held.cost).plus(cost)),
            openedCost: toMoney(new Decimal(held.openedCost).plus(cost)),
          })
          .where(eq(positions.id, held.id))
          .returning()
      : await tx
          .insert(positions)
          .values(opening(userId, order, { quote, rate, cost }, now))
          .returning();
    if (!position) throw new Error('position was not recorded');
    const { wallets, market } = await tradingAccounts(tx, userId, currency);
    const trade = {
      userId,
      positionId: position.id,
      assetId: order.assetId,
      side: 'buy',
      quantity: order.quantity.toFixed(8),
      price: quote.price,
      fxRate: rate.toString(),
      amount: toMoney(cost),
      createdAt: now,
    } satisfies Record<(typeof buyColumns)[number], unknown>;
    await buyRecord.record(
      tx,
      trade,
      `buy ${quote.symbol}`,
      [
        { accountId: wallets[order.wallet].id, amount: cost.negated() },
        { accountId: market.id, amount: cost },
      ],
      now,
    );
    return { position, cost };
  }

  return {
    buyIn,

    /**
     * Buys at the current price into a new brokerage position. The price is read first and the
     * position, the trade and the cost leaving the wallet are one statement: whole by itself, so
     * without a transaction around it (two round trips, the price and the rate read together, where
     * a transaction took six).
     */
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
      const currency = order.currency ?? (await currencyOf(userId));
      const [{ quote, rate, cost }, { wallets, market }] = await Promise.all([
        priced(db, order.assetId, order.quantity, currency),
        tradingAccounts(db, userId, currency),
      ]);
      checkExits(order, quote);
      const now = clock.now();
      const values = {
        ...opening(userId, { ...order, wallet: 'brokerage' }, { quote, rate, cost }, now),
        side: 'buy',
        price: quote.price,
        amount: toMoney(cost),
      } satisfies Record<(typeof openColumns)[number] | Exclude<(typeof buyColumns)[number], 'positionId'>, unknown>;
      const entries = [
        { accountId: wallets.brokerage.id, amount: cost.negated() },
        { accountId: market.id, amount: cost },
      ];
      const opened = await settle(() => brokerageBuy.record(db, values, `buy ${quote.symbol}`, entries, now), false);
      return rowFrom(positions, opened);
    },
  };
}

import { formatPrice } from '@itrust/contracts';
import { tradeRefusals } from '@itrust/contracts/trade-rules';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { placeholders, readerOf, rowFrom, type Database, type Executor } from '../../db/client.ts';
import { positions, trades } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { belowOneCent, purchaseCost, saleProceeds, tradeValue } from '../../lib/trade-cash.ts';
import { InsufficientFunds, ledgerRepository as ledger, marketShardOf, movement } from '../ledger/ledger.repository.ts';
import { createKeptAccountIds } from '../ledger/kept-account-ids.ts';
import { lockWallets } from '../ledger/locks.ts';
import { toMoney } from '../ledger/money.ts';
import type { UsersRepository } from '../users/users.repository.ts';

export type PositionRow = typeof positions.$inferSelect;
export type Quote = {
  asset_id: number;
  symbol: string;
  name: string;
  type: string;
  price: string;
  previous_close: string;
};

export const tradingMessages = {
  insufficient: tradeRefusals.insufficient,
  belowOneCent: tradeRefusals.belowOneCent,
  closed: 'This position is already closed.',
  tooMuch: tradeRefusals.tooMuch,
  noPosition: 'No such position.',
  noAsset: 'No such asset.',
  managed: 'Automated investing manages this holding: move money out of that wallet to sell it.',
  takeProfitBelow: (price: string) => `The take-profit price must be above the current price, ${price}.`,
  stopLossAbove: (price: string) => `The stop-loss price must be below the current price, ${price}.`,
} as const;

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

/** A part of a position's cost, in the settlement currency, rounded half up to the cent. */
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The columns of a trade's record, every one always given. */
const buyColumns = [
  'userId',
  'positionId',
  'assetId',
  'side',
  'quantity',
  'price',
  'fxRate',
  'amount',
  'createdAt',
] as const;
const sellColumns = [...buyColumns, 'realisedPl', 'reason'] as const;
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

/** Where a trade reads its execution price; the live quote unless the caller says otherwise. */
export type QuoteSource = (tx: Executor, assetId: number) => Promise<Quote>;

export const currentQuote: QuoteSource = async (tx, assetId) => {
  const { rows } = await tx.execute<Quote>(sql`
    select a.id as asset_id, a.symbol, a.name, a.type::text, q.price::text, q.previous_close::text
    from assets a join asset_quotes q on q.asset_id = a.id where a.id = ${assetId}`);
  const quote = rows[0];
  if (!quote) throw new NotFound(tradingMessages.noAsset);
  return quote;
};

export function createTradingService(deps: {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  quotes?: QuoteSource;
}) {
  const { db, clock, users } = deps;
  const quoteOf = deps.quotes ?? currentQuote;

  async function rateOf(tx: Executor, currency: string): Promise<Decimal> {
    const { rows } = await tx.execute<{ rate: string }>(
      sql`select rate::text from fx_rates where currency = ${currency}`,
    );
    if (!rows[0]) throw new AppError(422, 'No exchange rate is available for your currency right now.');
    return new Decimal(rows[0].rate);
  }

  async function currencyOf(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new NotFound();
    return user.currency.code;
  }

  const keptIds = createKeptAccountIds();
  // A trade is not a wallet transaction: its journal names none.
  const tradeRecord = (name: string, columns: readonly (keyof typeof trades.$inferInsert)[]) =>
    movement(name, () => db.insert(trades).values(placeholders(columns)).returning().getSQL(), { linked: false });
  const buyRecord = tradeRecord('trade_buy', buyColumns);
  const sellRecord = tradeRecord('trade_sell', sellColumns);
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
  /** What buying `quantity` of an asset costs now in the user's currency, to the cent above; refused below a cent. */
  async function priced(tx: Executor, assetId: number, quantity: Decimal, currency: string) {
    const [quote, rate] = await Promise.all([quoteOf(readerOf(tx), assetId), rateOf(readerOf(tx), currency)]);
    const value = tradeValue(quantity, quote.price, rate);
    if (belowOneCent(value)) throw new ValidationFailed({ quantity: [tradingMessages.belowOneCent] });
    return { quote, rate, cost: purchaseCost(value) };
  }

  /** The user's wallets and the market account a trade moves money against, in the user's currency. */
  async function tradingAccounts(tx: Executor, userId: string, currency: string) {
    const market = { kind: 'market' as const, currency, shard: marketShardOf(userId) };
    const { wallets, system } = await keptIds(tx, userId, market, async () => ({
      wallets: await ledger.walletsOf(tx, userId, currency),
      system: await ledger.systemAccount(tx, 'market', currency, market.shard),
    }));
    if (!system) throw new Error(`the market account in ${currency} is missing`);
    return { wallets, market: system };
  }

  /** Runs `work` (in a transaction, when it takes one); a wallet short of the cost becomes the 422 of trading. */
  async function settle<T>(work: (tx: Executor) => Promise<T>, inTransaction = true): Promise<T> {
    try {
      return await (inTransaction ? db.transaction(work) : work(db));
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new ValidationFailed({ quantity: [tradingMessages.insufficient] });
      throw error;
    }
  }

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
    const currency = await currencyOf(position.userId);
    const [quote, rate] = await Promise.all([quoteOf(readerOf(tx), position.assetId), rateOf(readerOf(tx), currency)]);
    const value = tradeValue(quantity, quote.price, rate);
    const full = quantity.eq(held);
    if (!full && belowOneCent(value)) throw new ValidationFailed({ quantity: [tradingMessages.belowOneCent] });
    const proceeds = saleProceeds(value);
    const costPart = full
      ? new Decimal(position.cost)
      : cents(new Decimal(position.cost).times(quantity).dividedBy(held));
    const profit = proceeds.minus(costPart);
    const now = clock.now();
    await tx
      .update(positions)
      .set({
        quantity: held.minus(quantity).toFixed(8),
        cost: toMoney(new Decimal(position.cost).minus(costPart)),
        realisedPl: toMoney(new Decimal(position.realisedPl).plus(profit)),
        ...(full ? { status: 'closed' as const, closedAt: now, closeReason: reason } : {}),
      })
      .where(eq(positions.id, position.id));
    const { wallets, market } = await tradingAccounts(tx, position.userId, currency);
    const trade = {
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
    } satisfies Record<(typeof sellColumns)[number], unknown>;
    await sellRecord.record(
      tx,
      trade,
      `sell ${quote.symbol}`,
      [
        { accountId: market.id, amount: proceeds.negated() },
        { accountId: wallets[position.wallet === 'auto' ? 'auto' : 'brokerage'].id, amount: proceeds },
      ],
      now,
    );
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
    closeIn,

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
      const { quote, rate, cost } = await priced(db, order.assetId, order.quantity, currency);
      checkExits(order, quote);
      const { wallets, market } = await tradingAccounts(db, userId, currency);
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

export type TradingService = ReturnType<typeof createTradingService>;

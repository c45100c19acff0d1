import { tradeRefusals } from '@itrust/contracts/trade-rules';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { positions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { belowOneCent, purchaseCost, tradeValue } from '../../lib/trade-cash.ts';
import { ledgerRepository as ledger, systemShardOf, movingMoney } from '../ledger/ledger.service.ts';
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

/** A quote with the exchange rate from USD to the user's currency (null when none is known). */
export type PricedQuote = Quote & { rate: string | null };

/** Where a trade reads its execution price and rate; the live quote unless the caller says otherwise. */
export type QuoteSource = (tx: Executor, assetId: number, currency: string) => Promise<PricedQuote>;

export const currentQuote: QuoteSource = async (tx, assetId, currency) => {
  const { rows } = await tx.execute<PricedQuote>(sql`
    select a.id as asset_id, a.symbol, a.name, a.type::text, q.price::text, q.previous_close::text, r.rate::text
    from assets a join asset_quotes q on q.asset_id = a.id left join fx_rates r on r.currency = ${currency}
    where a.id = ${assetId}`);
  const quote = rows[0];
  if (!quote) throw new NotFound(tradingMessages.noAsset);
  return quote;
};

/** A quote as a trade settles at it: the quote and the exchange rate read with it. */
export type Quoted = { quote: PricedQuote; rate: Decimal };

/** What buying `quantity` costs at a quote already read, to the cent above; refused below a cent. */
export function costAt({ quote, rate }: Quoted, quantity: Decimal) {
  const value = tradeValue(quantity, quote.price, rate);
  if (belowOneCent(value)) throw new ValidationFailed({ quantity: [tradingMessages.belowOneCent] });
  return { quote, rate, cost: purchaseCost(value) };
}

export type TradingDeps = {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  quotes?: QuoteSource;
};

export function createTradeSettlement(deps: TradingDeps) {
  const { db, users } = deps;
  const quoteOf = deps.quotes ?? currentQuote;

  /** The quote and the exchange rate a trade settles at, in one read. */
  async function quoteAt(tx: Executor, assetId: number, currency: string): Promise<Quoted> {
    const quote = await quoteOf(tx, assetId, currency);
    if (quote.rate === null) throw new AppError(422, 'No exchange rate is available for your currency right now.');
    return { quote, rate: new Decimal(quote.rate) };
  }

  const currencyOf = async (userId: string, tx: Executor) => (await users.get(userId, tx)).currency.code;

  /** What buying `quantity` of an asset costs now in the user's currency, to the cent above; refused below a cent. */
  async function priced(tx: Executor, assetId: number, quantity: Decimal, currency: string) {
    return costAt(await quoteAt(tx, assetId, currency), quantity);
  }

  /**
   * A buy moves `amount` from the user's wallet to the market account, a sell moves it back.
   * A trade is not a wallet transaction: its journal names none.
   */
  function postTrade(
    tx: Executor,
    side: 'buy' | 'sell',
    symbol: string,
    { userId, currency, wallet }: { userId: string; currency: string; wallet: 'brokerage' | 'auto' },
    amount: Decimal,
    at: Date,
  ) {
    const user = { userId, kind: wallet, currency };
    const market = { kind: 'market' as const, currency, shard: systemShardOf(userId) };
    const [from, to] = side === 'buy' ? [user, market] : [market, user];
    return ledger.move(tx, `${side} ${symbol}`, null, from, to, amount, at);
  }

  /** Runs `work` in a transaction (the caller's, when it opened one); a wallet short of the cost becomes the 422 of trading. */
  const settle = <T>(work: (tx: Executor) => Promise<T>) =>
    movingMoney(db, 'quantity', tradingMessages.insufficient, work);

  return { quoteAt, currencyOf, priced, postTrade, settle };
}

export type TradeSettlement = ReturnType<typeof createTradeSettlement>;

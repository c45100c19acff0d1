import { fromCents, sumMoney, toCents } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import { readerOf, type Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { keptOr, keptUserAnswers } from '../../db/kept-by-user.ts';
import { percentOf, toUnits } from '../../lib/fixed-point.ts';
import type { QuoteBook } from '../market/quote-book.ts';
import {
  dayQuoteOf,
  dayValueOf,
  heldLots,
  lotOf,
  valueCents,
  type DayQuote,
  type Lot,
  type LotRow,
} from '../trading/held-lots.ts';
import { netWorthBase, netWorthChart, type NetWorthBase } from './net-worth.ts';
import { stepOf, type Timeframe } from './net-worth-range.ts';
import type { PriceBarCache } from './net-worth.repository.ts';

type Invested = { value: string; today_pl: string };
type InvestingWallet = 'auto' | 'brokerage';
/**
 * What a process that keeps answers has for them: the change feed that drops them, its copy of the
 * prices, and the market's tick count (the price bars move with it).
 */
export type KeptAnswers = { feed: ChangeFeed; book: QuoteBook; ticks: () => number };
/** What kept answers hold of open positions: their lots. */
export type Holding = Lot;

/** Each investing wallet's positions: their value and today's move, to the cent. */
function perWallet(
  lots: Holding[],
  quoteOf: (assetId: number) => DayQuote | undefined,
  rate: bigint,
): Record<InvestingWallet, Invested> {
  const of = (kind: InvestingWallet): Invested => {
    const day = dayValueOf(
      lots.filter((lot) => lot.wallet === kind),
      quoteOf,
      rate,
    );
    return day.any
      ? { value: fromCents(valueCents(day.value)), today_pl: fromCents(valueCents(day.value - day.reference)) }
      : { value: '0.00', today_pl: '0.00' };
  };
  return { auto: of('auto'), brokerage: of('brokerage') };
}

/** Portfolio figures: what positions are worth now and moved today, the wallets' totals, the net-worth chart. */
export function createPortfolioService(deps: {
  db: Database;
  clock: Clock;
  wallet: WalletService;
  savings: SavingsService;
  priceBars: PriceBarCache;
  /** What this process keeps of users (with `book`): see analytics. */
  kept?: KeptAnswers | undefined;
}) {
  const { db, clock, wallet, savings, priceBars, kept } = deps;
  // Kept per user until their data changes (db/change-feed.ts): what the analytics read of the
  // user's own data, per step of the range, and the answer itself per copy of the prices.
  const keptBases = keptUserAnswers<AnalyticsBase>(kept?.feed);
  const keptAnswers = keptUserAnswers<{ prices: string; body: Buffer }>(kept?.feed);
  let bases = 0;

  type AnalyticsBase = {
    id: number;
    totals: Awaited<ReturnType<WalletService['totals']>>;
    accounts: Awaited<ReturnType<SavingsService['accounts']>>;
    chart: NetWorthBase;
    holdings: Holding[] | undefined;
  };

  async function baseOf(userId: string, timeframe: Timeframe, now: Date): Promise<AnalyticsBase> {
    const [totals, accounts, chart, holdings] = await Promise.all([
      wallet.totals(userId),
      savings.accounts(userId),
      netWorthBase(readerOf(db), userId, timeframe, now),
      kept ? holdingsOf(userId) : undefined,
    ]);
    bases += 1;
    return { id: bases, totals, accounts, chart, holdings };
  }

  /** The lots of the user's open positions, to value with the book's prices (investedFrom). */
  async function holdingsOf(userId: string): Promise<Holding[]> {
    const { rows } = await readerOf(db).execute<LotRow>(heldLots(userId));
    return rows.map(lotOf);
  }

  /** The open positions per wallet at the book's prices, exactly as invested() values them from PostgreSQL's. */
  function investedFrom(holdings: Holding[], currency: string): Record<InvestingWallet, Invested> {
    const book = kept?.book;
    if (!book) throw new Error('investedFrom needs the quote book');
    return perWallet(holdings, book.quote, book.rate(currency));
  }

  /** The answer from a base at the prices of now, as JSON; undefined when now has moved past the base's range. */
  async function answerFrom(userId: string, currency: string, base: AnalyticsBase, now: Date) {
    const book = kept?.book;
    const latest = book && {
      price: (assetId: number) => book.quote(assetId)?.price,
      rate: book.rate(currency),
    };
    const [positions, chart] = await Promise.all([
      base.holdings ? investedFrom(base.holdings, currency) : invested(userId),
      netWorthChart(readerOf(db), priceBars, userId, base.chart, now, latest),
    ]);
    if (chart === undefined) return undefined;
    const { totals, accounts } = base;
    const figures = JSON.stringify({
      total_deposited: totals.deposited,
      total_withdrawn: totals.withdrawn,
      total_investment: sumMoney([positions.auto.value, positions.brokerage.value]),
      total_investment_24hr: sumMoney([positions.auto.today_pl, positions.brokerage.today_pl]),
      total_savings: sumMoney(accounts.map((account) => account.balance)),
      total_savings_24hr: sumMoney(accounts.map((account) => account.total_savings_24hr)),
      total_savings_return: sumMoney(accounts.map((account) => account.total_savings_return)),
    });
    // The chart comes as JSON text (most of it kept: netWorthChart) and closes the figures' object.
    return `{"status":"success","message":"OK","data":{"data":${figures.slice(0, -1)},"chart_data":${chart}}}}`;
  }

  /** Open positions per wallet at current prices in the account's currency, and their move today (held-lots.ts). */
  async function invested(userId: string): Promise<Record<InvestingWallet, Invested>> {
    type Row = LotRow & {
      price: string | null;
      previous_close: string | null;
      trading_day: string | null;
      rate: string;
    };
    const { rows } = await readerOf(db).execute<Row>(sql`
      with lots as (${heldLots(userId)}),
      rate as materialized (
        select coalesce((select f.rate from users u join currencies c on c.id = u.currency_id
          join fx_rates f on f.currency = c.code where u.id = ${userId}), 1) as rate)
      select l.*, q.price::text, q.previous_close::text, to_char(q.trading_day, 'YYYY-MM-DD') as trading_day,
        rate.rate::text as rate
      from lots l cross join rate left join asset_quotes q on q.asset_id = l.asset_id`);
    const quotes = new Map<number, DayQuote>();
    for (const { asset_id, price, previous_close, trading_day } of rows)
      if (price !== null && previous_close !== null && trading_day !== null)
        quotes.set(asset_id, dayQuoteOf(price, previous_close, trading_day));
    return perWallet(rows.map(lotOf), (assetId) => quotes.get(assetId), toUnits(rows[0]?.rate ?? '1', 10));
  }

  /** The wallets of spec 2 §3 with their totals, from their balances and the positions' value. */
  function walletsFrom(
    { wallets: balances, saved }: Awaited<ReturnType<WalletService['walletsAndSavings']>>,
    positions: Record<InvestingWallet, Invested>,
  ) {
    // In whole cents: decimal.js objects here were a tenth of what a kept user include cost.
    const investing = (kind: 'auto' | 'brokerage') => {
      const total = toCents(balances[kind].balance) + toCents(positions[kind].value);
      const moved = toCents(positions[kind].today_pl);
      return {
        ...balances[kind],
        total: fromCents(total),
        '24hr_pl': fromCents(moved),
        '24hr_pl_percentage': percentOf(moved, total - moved),
      };
    };
    const auto = investing('auto');
    const brokerage = investing('brokerage');
    return {
      cash: {
        ...balances.cash,
        total_networth: sumMoney([balances.cash.balance, auto.total, brokerage.total, saved]),
      },
      auto,
      brokerage,
    };
  }

  return {
    /** The wallets of spec 2 §3 with their totals: investing wallets count their positions at market value. */
    async wallets(userId: string) {
      const [balances, positions] = await Promise.all([wallet.walletsAndSavings(userId), invested(userId)]);
      return walletsFrom(balances, positions);
    },
    invested,
    holdingsOf,
    investedFrom,
    walletsFrom,

    /**
     * GET /user/analytics as JSON: totals of money in and out, investments, savings, and the net-worth
     * chart. A kept answer's last point is the time it was read at, within the current tick.
     */
    async analytics(userId: string, currency: string, timeframe: Timeframe): Promise<Buffer> {
      const now = clock.now();
      const base = await keptOr(keptBases, userId, `${userId} ${timeframe} ${stepOf(timeframe, now)}`, () =>
        baseOf(userId, timeframe, now),
      );
      // Named after the wait for the change feed (in keptOr), which reads changed prices first, and
      // before the prices and bars are read: an answer kept under them holds theirs or later ones.
      const prices = kept ? `${kept.book.version} ${kept.ticks()}` : '';
      const answered = await keptOr(
        keptAnswers,
        userId,
        `${userId} ${timeframe} ${base.id}`,
        async () => {
          const at = clock.now();
          const answer =
            (await answerFrom(userId, currency, base, at)) ??
            (await answerFrom(userId, currency, await baseOf(userId, timeframe, at), at));
          if (answer === undefined) throw new Error('a base read at a time starts where that time starts');
          // Kept encoded: a string is encoded again for every request it answers.
          return { prices, body: Buffer.from(answer) };
        },
        (answered) => answered.prices === prices,
      );
      return answered.body;
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

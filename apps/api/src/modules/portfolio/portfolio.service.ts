import { fromCents, sumMoney, toCents } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import { readerOf, type Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { keptOr, keptUserAnswers } from '../../db/kept-by-user.ts';
import { percentOf, roundUnits, toUnits } from '../../lib/fixed-point.ts';
import type { QuoteBook } from '../market/quote-book.ts';
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
/** An open position: its quantity in units of 10^-8. */
export type Holding = { wallet: InvestingWallet; assetId: number; quantity: bigint };

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

  /** The user's open positions, to value with the book's prices (investedFrom). */
  async function holdingsOf(userId: string): Promise<Holding[]> {
    const { rows } = await readerOf(db).execute<{ wallet: InvestingWallet; asset_id: number; quantity: string }>(sql`
      select wallet::text, asset_id, quantity::text from positions where user_id = ${userId} and status = 'open'`);
    return rows.map((row) => ({ wallet: row.wallet, assetId: row.asset_id, quantity: toUnits(row.quantity, 8) }));
  }

  /**
   * The value of open positions per wallet at the book's prices, exactly as invested() computes it
   * in PostgreSQL: each wallet's sum of quantity times price, times the rate, to the cent (halves
   * away from zero); a position without a quote counts nothing.
   */
  function investedFrom(holdings: Holding[], currency: string): Record<InvestingWallet, Invested> {
    const book = kept?.book;
    if (!book) throw new Error('investedFrom needs the quote book');
    const sums = { auto: { value: 0n, moved: 0n, any: false }, brokerage: { value: 0n, moved: 0n, any: false } };
    for (const { wallet: kind, assetId, quantity } of holdings) {
      const quote = book.quote(assetId);
      if (!quote) continue;
      const sum = sums[kind];
      sum.value += quantity * quote.price;
      sum.moved += quantity * (quote.price - quote.previousClose);
      sum.any = true;
    }
    const rate = book.rate(currency);
    // Quantities 8 places, prices 10, rates 10: the products have 28.
    const money = (units: bigint) => fromCents(roundUnits(units * rate, 28, 2));
    const of = (kind: InvestingWallet) =>
      sums[kind].any
        ? { value: money(sums[kind].value), today_pl: money(sums[kind].moved) }
        : { value: '0.00', today_pl: '0.00' };
    return { auto: of('auto'), brokerage: of('brokerage') };
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

  /** Open positions per wallet at current prices in the account's currency, and their move since the previous close. */
  async function invested(userId: string): Promise<Record<'auto' | 'brokerage', Invested>> {
    // The rate once (materialized; inlined, it was looked up once per sum) and each quote by its key
    // (offset 0 keeps the lookup per position; otherwise the whole quotes table is hashed): 54 -> 37 µs.
    // A sum times the rate is the sum of the products times the rate exactly: numeric does not round.
    const { rows } = await readerOf(db).execute<{ wallet: 'auto' | 'brokerage'; value: string; today_pl: string }>(sql`
      with rate as materialized (
        select coalesce((select f.rate from users u join currencies c on c.id = u.currency_id
          join fx_rates f on f.currency = c.code where u.id = ${userId}), 1) as rate)
      select p.wallet::text,
        round(sum(p.quantity * q.price) * rate.rate, 2)::text as value,
        round(sum(p.quantity * (q.price - q.previous_close)) * rate.rate, 2)::text as today_pl
      from positions p
      cross join lateral (select price, previous_close from asset_quotes where asset_id = p.asset_id offset 0) q, rate
      where p.user_id = ${userId} and p.status = 'open'
      group by p.wallet, rate.rate`);
    const none = { value: '0.00', today_pl: '0.00' };
    const byWallet = new Map(rows.map((row) => [row.wallet, { value: row.value, today_pl: row.today_pl }]));
    return { auto: byWallet.get('auto') ?? none, brokerage: byWallet.get('brokerage') ?? none };
  }

  /** The wallets of spec 2 §3 with their totals, from their balances and the positions' value. */
  function walletsFrom(
    { wallets: balances, saved }: Awaited<ReturnType<WalletService['walletsAndSavings']>>,
    positions: Record<'auto' | 'brokerage', Invested>,
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

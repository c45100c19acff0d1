import { ExactDecimal, percentOf, sumMoney, toMoney } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import { dayQuoteOf, dayValueOf, heldLots, lotOf, type DayQuote, type LotRow } from '../trading/held-lots.ts';
import { netWorthChart } from './net-worth.ts';
import type { Timeframe } from './net-worth-range.ts';

type Invested = { value: string; today_pl: string };
type InvestingWallet = 'auto' | 'brokerage';

/** Portfolio figures: what positions are worth now and moved today, the wallets' totals, the net-worth chart. */
export function createPortfolioService(deps: {
  db: Database;
  clock: Clock;
  wallet: WalletService;
  savings: SavingsService;
}) {
  const { db, clock, wallet, savings } = deps;

  /** Open positions per wallet at current prices in the account's currency, and their move today (held-lots.ts). */
  async function invested(userId: string): Promise<Record<InvestingWallet, Invested>> {
    type Row = LotRow & {
      price: string | null;
      previous_close: string | null;
      trading_day: string | null;
      rate: string;
    };
    const { rows } = await db.execute<Row>(sql`
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
    const rate = rows[0]?.rate ?? '1';
    const of = (kind: InvestingWallet): Invested => {
      const day = dayValueOf(
        rows.filter((row) => row.wallet === kind).map(lotOf),
        (assetId) => quotes.get(assetId),
        rate,
      );
      return day.any
        ? { value: toMoney(day.value), today_pl: toMoney(day.value.minus(day.reference)) }
        : { value: '0.00', today_pl: '0.00' };
    };
    return { auto: of('auto'), brokerage: of('brokerage') };
  }

  /** The wallets of spec 2 §3 with their totals, from their balances and the positions' value. */
  function walletsFrom(
    { wallets: balances, saved }: Awaited<ReturnType<WalletService['walletsAndSavings']>>,
    positions: Record<InvestingWallet, Invested>,
  ) {
    const investing = (kind: InvestingWallet) => {
      const total = ExactDecimal.sum(balances[kind].balance, positions[kind].value);
      const moved = positions[kind].today_pl;
      return {
        ...balances[kind],
        total: toMoney(total),
        '24hr_pl': moved,
        '24hr_pl_percentage': percentOf(moved, total.minus(moved)),
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

    /** GET /user/analytics: totals of money in and out, investments, savings, and the net-worth chart. */
    async analytics(userId: string, timeframe: Timeframe) {
      const [totals, accounts, positions, chart] = await Promise.all([
        wallet.totals(userId),
        savings.accounts(userId),
        invested(userId),
        netWorthChart(db, userId, timeframe, clock.now()),
      ]);
      return {
        data: {
          total_deposited: totals.deposited,
          total_withdrawn: totals.withdrawn,
          total_investment: sumMoney([positions.auto.value, positions.brokerage.value]),
          total_investment_24hr: sumMoney([positions.auto.today_pl, positions.brokerage.today_pl]),
          total_savings: sumMoney(accounts.map((account) => account.balance)),
          total_savings_24hr: sumMoney(accounts.map((account) => account.total_savings_24hr)),
          total_savings_return: sumMoney(accounts.map((account) => account.total_savings_return)),
          chart_data: chart,
        },
      };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

import { sumMoney } from '@itrust/contracts/money';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { readerOf, type Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import { netWorthSeries, type PriceBarCache, type Timeframe } from './net-worth.ts';

type Invested = { value: string; today_pl: string };

const percent = (part: Decimal, whole: Decimal) =>
  whole.isZero() ? '0.00' : part.dividedBy(whole).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Portfolio figures: what positions are worth now and moved today, the wallets' totals, the net-worth chart. */
export function createPortfolioService(deps: {
  db: Database;
  clock: Clock;
  wallet: WalletService;
  savings: SavingsService;
  priceBars: PriceBarCache;
}) {
  const { db, clock, wallet, savings, priceBars } = deps;

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
    const investing = (kind: 'auto' | 'brokerage') => {
      const total = new Decimal(balances[kind].balance).plus(positions[kind].value);
      const moved = new Decimal(positions[kind].today_pl);
      return {
        ...balances[kind],
        total: total.toFixed(2),
        '24hr_pl': moved.toFixed(2),
        '24hr_pl_percentage': percent(moved, total.minus(moved)),
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
    walletsFrom,

    /** GET /user/analytics: totals of money in and out, investments, savings, and the net-worth chart. */
    async analytics(userId: string, timeframe: Timeframe) {
      const [totals, positions, accounts, series] = await Promise.all([
        wallet.totals(userId),
        invested(userId),
        savings.accounts(userId),
        netWorthSeries(readerOf(db), priceBars, userId, timeframe, clock.now()),
      ]);
      return {
        total_deposited: totals.deposited,
        total_withdrawn: totals.withdrawn,
        total_investment: sumMoney([positions.auto.value, positions.brokerage.value]),
        total_investment_24hr: sumMoney([positions.auto.today_pl, positions.brokerage.today_pl]),
        total_savings: sumMoney(accounts.map((account) => account.balance)),
        total_savings_24hr: sumMoney(accounts.map((account) => account.total_savings_24hr)),
        total_savings_return: sumMoney(accounts.map((account) => account.total_savings_return)),
        chart_data: Object.fromEntries(series.map((point) => [point.time, point.value])),
      };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

import { ExactDecimal, percentOf, sumMoney, toMoney } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import { preparedRows, type Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import { dayValues, todayOf, type DayValueRow } from '../trading/trading.service.ts';
import { netWorthChart } from './net-worth.ts';
import type { Timeframe } from './net-worth-range.ts';

type Invested = { value: string; today_pl: string };
type InvestingWallet = 'auto' | 'brokerage';

export function createPortfolioService(deps: {
  db: Database;
  clock: Clock;
  wallet: WalletService;
  savings: SavingsService;
}) {
  const { db, clock, wallet, savings } = deps;

  /** Open positions per wallet at current prices in the account's currency, and their move today (held-lots.ts). */
  async function invested(userId: string): Promise<Record<InvestingWallet, Invested>> {
    const rows = await preparedRows<DayValueRow & { wallet: string }>(
      db,
      'wallet_values',
      dayValues(userId, sql`l.wallet`),
    );
    const of = (kind: InvestingWallet): Invested => {
      const day = rows.find((row) => row.wallet === kind);
      return { value: toMoney(day?.value ?? 0), today_pl: todayOf(day).today_pl };
    };
    return { auto: of('auto'), brokerage: of('brokerage') };
  }

  /** The cash, automated-investing and brokerage wallets with their totals, from their balances and the positions' value. */
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
    /** The three wallets with their totals: investing wallets count their positions at market value. */
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
      const investment = ExactDecimal.sum(positions.auto.value, positions.brokerage.value);
      return {
        data: {
          total_deposited: totals.deposited,
          total_withdrawn: totals.withdrawn,
          total_investment: toMoney(investment),
          total_investment_24hr: sumMoney([positions.auto.today_pl, positions.brokerage.today_pl]),
          total_savings: sumMoney(accounts.map((account) => account.balance)),
          total_savings_24hr: sumMoney(accounts.map((account) => account.total_savings_24hr)),
          total_savings_return: sumMoney(accounts.map((account) => account.total_savings_return)),
          chart_data: { ...chart.past, [chart.now]: toMoney(chart.balance.plus(investment)) },
        },
      };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

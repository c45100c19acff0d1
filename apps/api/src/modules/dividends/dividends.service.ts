import type { AssetDividendsResponse, DividendIncomeResponse } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import { transaction, type Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import {
  cataloguePayers,
  dividendsBetween,
  exCloseOf,
  payAtOf,
  type DividendEvent,
  type DividendPayer,
} from './schedule.ts';
import { appliedSplitsOf, splitAdjusted } from './split-adjustment.ts';

const year = 365 * 24 * 60 * 60 * 1000;

const presentEvent = (now: Date) => (event: DividendEvent) => ({
  ex_date: event.exDate,
  pay_date: event.payDate,
  per_share: event.perShare,
  currency: 'USD',
  ex_date_passed: exCloseOf(event) <= now,
});

/** What users read of dividends: a stock's schedule, their income, their reinvestment setting. */
export function createDividends(deps: { db: Database; clock: Clock; seed: number; payers?: DividendPayer[] }) {
  const { db, clock, seed } = deps;
  const payers = deps.payers ?? cataloguePayers;

  return {
    /** A stock's dividends of the coming year and the past year; empty lists for an asset that pays none. */
    async ofAsset(symbol: string): Promise<AssetDividendsResponse> {
      const { rows } = await db.execute<{ id: number }>(sql`select id from assets where symbol = ${symbol}`);
      const asset = rows[0];
      if (!asset) throw new NotFound('No such asset.');
      const payer = payers.find((candidate) => candidate.symbol === symbol);
      if (!payer) return { symbol, yearly_yield: null, frequency: null, upcoming: [], past: [] };
      const now = clock.now();
      const splits = await appliedSplitsOf(db, asset.id);
      const events = dividendsBetween(payer, seed, new Date(now.getTime() - year), new Date(now.getTime() + year)).map(
        (event) => splitAdjusted(event, splits),
      );
      return {
        symbol,
        yearly_yield: payer.yearlyYield,
        frequency: payer.frequency,
        upcoming: events.filter((event) => payAtOf(event) > now).map(presentEvent(now)),
        past: events
          .filter((event) => payAtOf(event) <= now)
          .reverse()
          .map(presentEvent(now)),
      };
    },

    /**
     * The user's dividends this calendar year (UTC, 1 January up to the next) and over the last 12
     * months, in their settlement currency, and the latest 50 payments. A payment made in another
     * currency (before the account changed currency) counts at today's reference rate, as the rest
     * of the portfolio is valued. The last 12 months have no end: a credit is in the wallet from the
     * moment it is paid, and only the test hook pays ahead of the clock.
     */
    async income(userId: string, currency: string): Promise<DividendIncomeResponse> {
      const now = clock.now();
      const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
      const nextYearStart = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1));
      const { rows: totals } = await db.execute<{ this_year: string; last_12_months: string }>(sql`
        with paid as (
          select p.paid_at, case when p.currency = ${currency} then p.amount
            else p.amount * (select rate from fx_rates where currency = ${currency})
              / (select rate from fx_rates where currency = p.currency) end as amount
          from dividend_payments p
          where p.user_id = ${userId} and p.paid_at > ${now}::timestamptz - interval '12 months')
        select round(coalesce(sum(amount) filter (where paid_at >= ${yearStart} and paid_at < ${nextYearStart}), 0), 2)::text
            as this_year,
          round(coalesce(sum(amount), 0), 2)::text as last_12_months
        from paid`);
      const { rows: payments } = await db.execute<DividendIncomeResponse['payments'][number]>(sql`
        select a.symbol, p.ex_date::text, p.wallet::text, p.quantity::text, p.amount::text, p.currency::text,
          p.reinvested_position_id is not null as reinvested, to_json(p.paid_at)#>>'{}' as paid_at
        from dividend_payments p join assets a on a.id = p.asset_id
        where p.user_id = ${userId} order by p.paid_at desc, a.symbol limit 50`);
      return {
        currency,
        this_year: totals[0]?.this_year ?? '0.00',
        last_12_months: totals[0]?.last_12_months ?? '0.00',
        payments,
      };
    },

    async reinvests(userId: string): Promise<boolean> {
      const { rows } = await db.execute<{ reinvest: boolean }>(sql`
        select reinvest from dividend_settings where user_id = ${userId}`);
      return rows[0]?.reinvest ?? false;
    },

    /** In the request's transaction, so its Idempotency-Key commits with the change. */
    async setReinvest(userId: string, reinvest: boolean): Promise<boolean> {
      await transaction(db, (tx) =>
        tx.execute(sql`
        insert into dividend_settings (user_id, reinvest, updated_at) values (${userId}, ${reinvest}, ${clock.now()})
        on conflict (user_id) do update set reinvest = excluded.reinvest, updated_at = excluded.updated_at`),
      );
      return reinvest;
    },
  };
}

export type DividendService = ReturnType<typeof createDividends>;

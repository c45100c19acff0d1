import type { SavingsHistoryRow } from '@itrust/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { preparedRows, type Database } from '../../db/client.ts';
import { isoTime } from '../../db/sql-time.ts';
import { pageOf } from '../../lib/responses.ts';
import type { Cursor } from '../../lib/csv.ts';
import type { Period } from '../../lib/period.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';

type OfferingRow = {
  id: number;
  name: string;
  title: string;
  note: string;
  annual_rate: string;
  annual_limit: string | null;
  country_id: number[];
};

type AccountRow = {
  id: string;
  savings_account_id: number;
  name: string;
  title: string;
  annual_rate: string;
  annual_limit: string | null;
  limit_group: string | null;
  balance: string;
  total_return: string;
  return_24hr: string;
  contributed_this_year: string;
  created_at: string;
};

type HistoryRow = {
  id: string;
  method: 'contribution' | 'cashout';
  amount: string;
  created_at: string;
  savings_account_id: number;
  name: string;
  title: string;
  total: number;
};

const utcDate = (moment: Date) => moment.toISOString().slice(0, 10);

const pct = (rate: string) => new Decimal(rate).times(100).toDecimalPlaces(4).toString();

export const savingsQueries = {
  async offerings(db: Database, countryId: number, names?: readonly string[]) {
    if (names?.length === 0) return [];
    const only = names ? sql`and p.name in ${names}` : sql``;
    const { rows } = await db.execute<OfferingRow>(sql`
      select p.id, p.name, p.title, p.note, p.annual_rate::text, p.annual_limit::text,
        array(select c.country_id from savings_product_countries c where c.product_id = p.id order by c.country_id) as country_id
      from savings_products p
      where exists (select 1 from savings_product_countries c where c.product_id = p.id and c.country_id = ${countryId})
        ${only}
      order by p.id`);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      note: sanitizeRichText(row.note),
      annual_rate_percentage: pct(row.annual_rate),
      annual_limit: row.annual_limit,
      country_id: row.country_id,
    }));
  },

  /**
   * The balance is the ledger account's; the return is the interest paid into it (all time and the
   * last 24 hours), read from the interest job's rows, which it writes in the same transaction as each
   * payment's journal; the room is the limit less this calendar year's contributions to the accounts
   * sharing it. One statement for all accounts, its cost the same however long the account has been
   * earning.
   */
  async accounts(db: Database, userId: string, now: Date) {
    // Each account's figures by its own index lookups (lateral), rather than CTEs joined by hashing.
    // The return from the account's latest day of interest alone: each day pays the whole cents of
    // the running total less those already paid, so all the payments together are the latest running
    // total's whole cents (ledgerProblems checks it against the journals). A day's payment is
    // journalled at the day's end and 24 hours hold one day's end, so the latest day's payment is the
    // last 24 hours' when that day is the cutoff's date or later.
    const rows = await preparedRows<AccountRow>(
      db,
      'savings_accounts',
      sql`
      select s.id, s.product_id as savings_account_id, p.name, p.title, p.annual_rate::text, p.annual_limit::text, p.limit_group,
        a.balance::text, coalesce(interest.total, 0)::text as total_return, coalesce(interest.last_day, 0)::text as return_24hr,
        (select coalesce(sum(h.amount), 0) from savings_history h
           join user_savings other on other.id = h.user_savings_id join savings_products op on op.id = other.product_id
           where h.user_id = ${userId} and h.method = 'contribution'
             and h.created_at >= make_timestamptz(${now.getUTCFullYear()}, 1, 1, 0, 0, 0, 'UTC')
             and (other.id = s.id or op.limit_group = p.limit_group))::text as contributed_this_year,
        ${isoTime(sql`s.created_at`)} as created_at
      from user_savings s join savings_products p on p.id = s.product_id join ledger_accounts a on a.savings_id = s.id
      left join lateral (
        select trunc(i.accrued, 2) as total,
          case when i.day >= ${utcDate(new Date(now.getTime() - 24 * 60 * 60 * 1000))}::date then i.paid else 0 end as last_day
        from savings_interest i where i.user_savings_id = s.id order by i.day desc limit 1) interest on true
      where s.user_id = ${userId}
      order by s.created_at`,
    );
    return rows.map((row) => {
      const balance = new Decimal(row.balance);
      const earned = new Decimal(row.total_return);
      const room = row.annual_limit
        ? Decimal.max(0, new Decimal(row.annual_limit).minus(row.contributed_this_year)).toFixed(2)
        : null;
      return {
        id: row.id,
        savings_account_id: row.savings_account_id,
        savings_account: { id: row.savings_account_id, name: row.name, title: row.title },
        balance: balance.toFixed(2),
        total_savings: balance.toFixed(2),
        total_savings_return: earned.toFixed(2),
        total_savings_24hr: new Decimal(row.return_24hr).toFixed(2),
        return_percentage: balance.minus(earned).gt(0)
          ? earned.dividedBy(balance.minus(earned)).times(100).toFixed(2)
          : '0.00',
        annual_rate_percentage: pct(row.annual_rate),
        annual_limit: row.annual_limit,
        contribution_room: room,
        contribution_year: now.getUTCFullYear(),
        created_at: row.created_at,
      };
    });
  },

  async history(db: Database, userId: string, page: number, perPage: number, period?: Period) {
    const { rows } = await db.execute<HistoryRow>(sql`
      select h.id, h.method::text, h.amount::text, ${isoTime(sql`h.created_at`)} as created_at, p.id as savings_account_id, p.name, p.title,
        count(*) over ()::int as total
      from savings_history h join user_savings s on s.id = h.user_savings_id join savings_products p on p.id = s.product_id
      where h.user_id = ${userId} ${withinPeriod(period)}
      order by h.created_at desc, h.id
      limit ${perPage} offset ${(page - 1) * perPage}`);
    const total = rows[0]?.total ?? (page > 1 ? await countHistory(db, userId, period) : 0);
    return pageOf(rows.map(presentHistory), page, perPage, total);
  },

  /** A batch of the history for the CSV export, newest first after a keyset cursor. */
  async historyBatch(
    db: Database,
    userId: string,
    period: Period | undefined,
    after: Cursor | undefined,
    size: number,
  ) {
    const { rows } = await db.execute<HistoryRow & { cursor_time: string }>(sql`
      select h.id, h.method::text, h.amount::text, ${isoTime(sql`h.created_at`)} as created_at, h.created_at::text as cursor_time,
        p.id as savings_account_id, p.name, p.title
      from savings_history h join user_savings s on s.id = h.user_savings_id join savings_products p on p.id = s.product_id
      where h.user_id = ${userId} ${withinPeriod(period)}
        ${after ? sql`and (h.created_at, h.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by h.created_at desc, h.id desc limit ${size}`);
    return rows.map((row) => ({ row: presentHistory(row), cursor: { createdAt: row.cursor_time, id: row.id } }));
  },
};

const withinPeriod = (period: Period | undefined) =>
  period ? sql`and h.created_at >= ${period.from} and h.created_at < ${period.to}` : sql``;

function presentHistory(row: Omit<HistoryRow, 'total'>): SavingsHistoryRow {
  const savingsAccount = { id: row.savings_account_id, name: row.name, title: row.title };
  return {
    id: row.id,
    savings: { savings_account: savingsAccount },
    savings_account: savingsAccount,
    method: row.method,
    type: row.method === 'contribution' ? 'credit' : 'debit',
    amount: row.amount,
    created_at: row.created_at,
  };
}

async function countHistory(db: Database, userId: string, period: Period | undefined): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from savings_history h where h.user_id = ${userId} ${withinPeriod(period)}`,
  );
  return rows[0]?.total ?? 0;
}

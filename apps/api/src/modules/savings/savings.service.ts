import { formatMoneyIn } from '@itrust/contracts/format';
import {
  productsFor,
  savingsAmountLimits,
  savingsRangeMessage,
  savingsRefusals,
  savingsRoomMessage,
  type SavingsGoal,
  type SavingsHorizon,
} from '@itrust/contracts/savings-rules';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Cursor } from '../../lib/csv.ts';
import type { Period } from '../../lib/period.ts';
import { Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { ledgerRepository as ledger, movingMoney } from '../ledger/ledger.service.ts';
import { toMoney } from '../../lib/money.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { savingsQueries } from './savings.queries.ts';

export const savingsMessages = {
  notOffered: 'This account is not offered in your country.',
  noProduct: 'No such savings account.',
  notOpened: 'You have not opened this account yet.',
  insufficientCash: savingsRefusals.insufficientCash,
  insufficientSavings: savingsRefusals.insufficientSavings,
  range: (verb: 'contribution' | 'cash-out', currency: string) =>
    savingsRangeMessage(verb, (amount) => formatMoneyIn(amount, currency)),
  alreadyOpen: (name: string) => `You already have a ${name} account.`,
  overLimit: (room: Decimal, year: number, currency: string) =>
    savingsRoomMessage(room.toFixed(2), year, (amount) => formatMoneyIn(amount, currency)),
} as const;

const day = 24 * 60 * 60 * 1000;
const utcDay = (time: Date) => new Date(Math.floor(time.getTime() / day) * day);
const isoDay = (time: Date) => time.toISOString().slice(0, 10);

type Account = { id: string; product_id: number; name: string; ledger_id: number; currency: string };

export function createSavingsService(deps: { db: Database; clock: Clock; users: UsersRepository }) {
  const { db, clock, users } = deps;

  function amountInRange(amount: Decimal, verb: 'contribution' | 'cash-out', currency: string, wholeBalance?: Decimal) {
    if (wholeBalance && amount.eq(wholeBalance) && amount.gt(0)) return;
    if (amount.lt(savingsAmountLimits.min) || amount.gt(savingsAmountLimits.max))
      throw new ValidationFailed({ amount: [savingsMessages.range(verb, currency)] });
  }

  /** The caller's account of a product, its row locked for the rest of the transaction. */
  async function lockAccount(tx: Executor, userId: string, productId: number): Promise<Account> {
    const { rows } = await tx.execute<Account>(sql`
      select s.id, s.product_id, p.name, a.id::int as ledger_id, a.currency::text
      from user_savings s join savings_products p on p.id = s.product_id join ledger_accounts a on a.savings_id = s.id
      where s.user_id = ${userId} and s.product_id = ${productId}
      for update of s`);
    const account = rows[0];
    if (!account) throw new NotFound(savingsMessages.notOpened);
    return account;
  }

  /**
   * Room left under the account's yearly limit: contributions this calendar year to every account
   * of the caller that shares the limit. Those accounts are locked first, in id order, so two
   * contributions cannot both fit into the same room.
   */
  async function roomLeft(tx: Executor, userId: string, productId: number, year: number) {
    await tx.execute(sql`
      select s.id from user_savings s join savings_products p on p.id = s.product_id
        join savings_products product on product.id = ${productId}
      where s.user_id = ${userId} and (p.id = product.id or p.limit_group = product.limit_group)
      order by s.id for update of s`);
    // A new statement, so its snapshot sees what a contribution that held the locks before us wrote.
    const { rows } = await tx.execute<{ limit: string | null; used: string }>(sql`
      select p.annual_limit::text as limit, coalesce(sum(h.amount), 0)::text as used
      from savings_products p
        left join savings_products other on other.id = p.id or other.limit_group = p.limit_group
        left join user_savings s on s.product_id = other.id and s.user_id = ${userId}
        left join savings_history h on h.user_id = ${userId} and h.user_savings_id = s.id and h.method = 'contribution'
          and h.created_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
          and h.created_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC')
      where p.id = ${productId}
      group by p.annual_limit`);
    const row = rows[0];
    return row?.limit ? Decimal.max(0, new Decimal(row.limit).minus(row.used)) : undefined;
  }

  async function record(
    tx: Executor,
    userId: string,
    account: Account,
    method: 'contribution' | 'cashout',
    amount: Decimal,
  ) {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into savings_history (user_id, user_savings_id, method, amount, created_at)
      values (${userId}, ${account.id}, ${method}, ${toMoney(amount)}::numeric, ${clock.now()}) returning id`);
    return { id: rows[0]?.id ?? '', method, amount: toMoney(amount), savingsAccountId: account.product_id };
  }

  return {
    /** The products offered in the caller's country, narrowed by the choices made on /openaccount. */
    async offerings(userId: string, goal?: SavingsGoal, horizon?: SavingsHorizon) {
      const user = await users.get(userId);
      const names = goal || horizon ? productsFor(goal ?? 'Everything', horizon) : undefined;
      return savingsQueries.offerings(db, user.countryId, names);
    },

    async open(userId: string, productId: number) {
      const user = await users.get(userId);
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ name: string; offered: boolean }>(sql`
          select p.name, exists (select 1 from savings_product_countries c
            where c.product_id = p.id and c.country_id = ${user.countryId}) as offered
          from savings_products p where p.id = ${productId}`);
        const product = rows[0];
        if (!product) throw new NotFound(savingsMessages.noProduct);
        if (!product.offered) throw new ValidationFailed({ savings_account_id: [savingsMessages.notOffered] });
        const opened = await tx.execute<{ id: string }>(sql`
          insert into user_savings (user_id, product_id, created_at) values (${userId}, ${productId}, ${clock.now()})
          on conflict (user_id, product_id) do nothing returning id`);
        const savingsId = opened.rows[0]?.id;
        if (!savingsId) throw new Conflict(savingsMessages.alreadyOpen(product.name));
        await tx.execute(sql`
          insert into ledger_accounts (user_id, kind, currency, savings_id)
          values (${userId}, 'savings', ${user.currency.code}, ${savingsId})`);
        return { id: savingsId, productId, name: product.name };
      });
    },

    /** Cash wallet → savings account, within the yearly limit. */
    async contribute(userId: string, productId: number, amount: Decimal) {
      return movingMoney(db, 'amount', savingsMessages.insufficientCash, async (tx) => {
        const currency = (await users.get(userId, tx)).currency.code;
        amountInRange(amount, 'contribution', currency);
        const now = clock.now();
        const room = await roomLeft(tx, userId, productId, now.getUTCFullYear());
        const account = await lockAccount(tx, userId, productId);
        if (room && amount.gt(room))
          throw new ValidationFailed({ amount: [savingsMessages.overLimit(room, now.getUTCFullYear(), currency)] });
        const cash = { userId, kind: 'cash', currency } as const;
        await ledger.move(tx, `contribution to ${account.name}`, null, cash, account.ledger_id, amount, now);
        return record(tx, userId, account, 'contribution', amount);
      });
    },

    /** Savings account → cash wallet. Below the minimum only when it empties the account. */
    async cashOut(userId: string, productId: number, amount: Decimal) {
      return movingMoney(db, 'amount', savingsMessages.insufficientSavings, async (tx) => {
        const currency = (await users.get(userId, tx)).currency.code;
        const account = await lockAccount(tx, userId, productId);
        const { rows } = await tx.execute<{ balance: string }>(
          sql`select balance::text from ledger_accounts where id = ${account.ledger_id}`,
        );
        amountInRange(amount, 'cash-out', currency, new Decimal(rows[0]?.balance ?? 0));
        const cash = { userId, kind: 'cash', currency } as const;
        await ledger.move(tx, `cash-out from ${account.name}`, null, account.ledger_id, cash, amount, clock.now());
        return record(tx, userId, account, 'cashout', amount);
      });
    },

    accounts: (userId: string) => savingsQueries.accounts(db, userId, clock.now()),
    history: (userId: string, page: number, perPage: number, period?: Period) =>
      savingsQueries.history(db, userId, page, perPage, period),
    historyBatch: (userId: string, period: Period | undefined, after: Cursor | undefined, size: number) =>
      savingsQueries.historyBatch(db, userId, period, after, size),

    /**
     * Interest for every whole UTC day before `clock.now()` that an account has not been paid for,
     * on that day's closing balance. Each (account, day) is written once: a second run, or a second
     * process, finds the row already there and pays nothing.
     */
    async accrueInterest(): Promise<number> {
      const today = utcDay(clock.now());
      const { rows: accounts } = await db.execute<{ id: string; opened: string; last: string | null }>(sql`
        select s.id, (s.created_at at time zone 'UTC')::date::text as opened,
          (select max(day)::text from savings_interest i where i.user_savings_id = s.id) as last
        from user_savings s`);
      let paid = 0;
      for (const account of accounts) {
        const start = account.last ? new Date(Date.parse(account.last) + day) : new Date(Date.parse(account.opened));
        for (let current = start; current < today; current = new Date(current.getTime() + day))
          if (await accrueDay(account.id, current)) paid += 1;
      }
      return paid;
    },
  };

  /**
   * One day's interest. The day's closing balance is the balance now less what moved since the day
   * ended: a night's run reads the entries of a day, not every entry the account ever had.
   */
  async function accrueDay(savingsId: string, dayStart: Date): Promise<boolean> {
    const dayEnd = new Date(dayStart.getTime() + day);
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        ledger_id: number;
        currency: string;
        rate: string;
        balance: string;
        accrued_before: string;
      }>(sql`
        select a.id::int as ledger_id, a.currency::text, p.annual_rate::text as rate,
          (a.balance - (select coalesce(sum(e.amount), 0) from journal_entries e
            where e.account_id = a.id and e.created_at >= ${dayEnd}))::text as balance,
          coalesce((select accrued from savings_interest i where i.user_savings_id = s.id and i.day < ${isoDay(dayStart)}::date
            order by i.day desc limit 1), 0)::text as accrued_before
        from user_savings s join savings_products p on p.id = s.product_id join ledger_accounts a on a.savings_id = s.id
        where s.id = ${savingsId}`);
      const row = rows[0];
      if (!row) return false;
      const balance = new Decimal(row.balance);
      const before = new Decimal(row.accrued_before);
      const accrued = before.plus(balance.times(row.rate).dividedBy(365)).toDecimalPlaces(12, Decimal.ROUND_DOWN);
      // What reaches the ledger is always the whole cents of the running total: no fraction is lost.
      const paid = accrued.toDecimalPlaces(2, Decimal.ROUND_DOWN).minus(before.toDecimalPlaces(2, Decimal.ROUND_DOWN));
      const inserted = await tx.execute(sql`
        insert into savings_interest (user_savings_id, day, balance, accrued, paid, created_at)
        values (${savingsId}, ${isoDay(dayStart)}::date, ${toMoney(balance)}::numeric, ${accrued.toFixed(12)}::numeric,
          ${toMoney(paid)}::numeric, ${clock.now()})
        on conflict do nothing`);
      if (inserted.rowCount !== 1) return false;
      if (paid.gt(0)) {
        const interest = await ledger.systemAccount(tx, 'interest', row.currency);
        await ledger.move(tx, 'savings interest', null, interest.id, row.ledger_id, paid, dayEnd);
      }
      return true;
    });
  }
}

export type SavingsService = ReturnType<typeof createSavingsService>;

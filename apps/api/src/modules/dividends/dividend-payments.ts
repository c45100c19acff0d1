import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { transaction, withRetries, type Database, type Transaction } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { toMoney } from '../../lib/money.ts';
import { tradeValue } from '../../lib/trade-cash.ts';
import { ledgerRepository as ledger, systemShardOf } from '../ledger/ledger.service.ts';
import type { TradingService } from '../trading/trading.service.ts';
import { allocate } from './allocation.ts';
import { dividendMail } from './dividends.mail.ts';
import { appliedSplitsOf, splitAdjusted } from './split-adjustment.ts';
import {
  cataloguePayers,
  dividendsBetween,
  exCloseOf,
  payAtOf,
  type DividendEvent,
  type DividendPayer,
} from './schedule.ts';

/** How far back a dividend not yet paid (the app was down) is still paid. */
const catchUpDays = 60;
const day = 24 * 60 * 60 * 1000;

type Holder = { user_id: string; wallet: 'cash' | 'auto' | 'brokerage'; quantity: string; currency: string };
type Due = DividendEvent & { assetId: number };
type Paid = { userId: string; symbol: string; amount: string; currency: string; reinvested: boolean };

/** A payment's reference, drawn from what it pays, so a second payer's insert of the same payment clashes. */
const referenceOf = (due: Due, holder: Holder) =>
  `DIV-${createHash('sha256')
    .update(`${due.assetId}|${due.exDate}|${holder.user_id}|${holder.wallet}`)
    .digest('hex')
    .slice(0, 16)
    .toUpperCase()}`;

/**
 * Pays the dividends whose pay date has come. Holders are the wallets holding the stock at the
 * ex-date's close, read from the trades made before that instant, so a late run pays the same
 * holders. Each holder is paid in its own transaction, exactly once: the payment's row (primary
 * key) and its transaction's reference (unique) are written with the credit, so a second process,
 * a retry or a restart finds them and pays nothing again.
 */
export function createDividendPayments(deps: {
  db: Database;
  clock: Clock;
  seed: number;
  trading: Pick<TradingService, 'buyWorth'>;
  mail?: MailQueue | undefined;
  payers?: DividendPayer[];
}) {
  const { db, clock, seed, trading, mail } = deps;
  const payers = deps.payers ?? cataloguePayers;

  /** The dividends due now that are not marked paid, each written once as the record of its schedule. */
  async function dueNow(now: Date): Promise<Due[]> {
    const { rows: assets } = await db.execute<{ id: number; symbol: string }>(sql`
      select id, symbol from assets where type = 'stocks'
        and symbol in (select unnest(${sql.param(payers.map((payer) => payer.symbol))}::text[]))`);
    const from = new Date(now.getTime() - catchUpDays * day);
    const to = new Date(now.getTime() + day);
    const due: Due[] = [];
    for (const payer of payers) {
      const asset = assets.find((row) => row.symbol === payer.symbol);
      if (!asset) continue;
      const splits = await appliedSplitsOf(db, asset.id);
      for (const scheduled of dividendsBetween(payer, seed, from, to)) {
        if (payAtOf(scheduled) > now) continue;
        const event = splitAdjusted(scheduled, splits);
        const { rows } = await db.execute<{ paid: boolean }>(sql`
          with written as (
            insert into dividends (asset_id, ex_date, pay_date, per_share)
            values (${asset.id}, ${event.exDate}, ${event.payDate}, ${event.perShare})
            on conflict do nothing returning false as paid)
          select paid from written
          union all select paid_at is not null from dividends where asset_id = ${asset.id} and ex_date = ${event.exDate}`);
        // No row back means another payer wrote it this instant: still due, and each holder is paid once anyway.
        if (!rows[0]?.paid) due.push({ ...event, assetId: asset.id });
      }
    }
    return due;
  }

  /**
   * The wallets holding the stock at the ex-date's close, with their quantity then and their currency:
   * their trades before that instant, plus what the splits applied before it did to their positions.
   */
  async function holdersOf(due: Due): Promise<Holder[]> {
    const exClose = exCloseOf(due);
    const { rows } = await db.execute<Holder>(sql`
      with changes as (
        select p.user_id, p.wallet, case t.side when 'buy' then t.quantity else -t.quantity end as quantity
        from trades t join positions p on p.id = t.position_id
        where t.asset_id = ${due.assetId} and t.created_at < ${exClose}
        union all
        select p.user_id, p.wallet, s.quantity_after - s.quantity_before
        from position_splits s join positions p on p.id = s.position_id
        where p.asset_id = ${due.assetId} and s.applied_at < ${exClose})
      select c.user_id, c.wallet::text as wallet, a.currency::text as currency, sum(c.quantity)::text as quantity
      from changes c
        join ledger_accounts a on a.user_id = c.user_id and a.kind = c.wallet and a.savings_id is null
      group by c.user_id, c.wallet, a.currency
      having sum(c.quantity) > 0
      order by c.user_id, c.wallet`);
    return rows;
  }

  /**
   * The rate to pay a currency at: fixed by the first payer to reach it. The no-op update returns the row another
   * payer committed while this one waited on it, which a select in the same statement cannot see.
   */
  async function rateOf(due: Due, currency: string): Promise<Decimal> {
    const { rows } = await db.execute<{ rate: string }>(sql`
      insert into dividend_rates (asset_id, ex_date, currency, rate)
      select ${due.assetId}, ${due.exDate}, ${currency}, rate from fx_rates where currency = ${currency}
      on conflict (asset_id, ex_date, currency) do update set rate = dividend_rates.rate
      returning rate::text`);
    const rate = rows[0]?.rate;
    if (!rate) throw new Error(`no exchange rate to pay ${due.symbol} dividends in ${currency}`);
    return new Decimal(rate);
  }

  /** Credits one holder, and reinvests when they asked; undefined when another payer already did. */
  async function pay(due: Due, holder: Holder, amount: Decimal, now: Date): Promise<Paid | undefined> {
    return withRetries(() =>
      transaction(db, async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into transactions (user_id, type, status, amount, currency, reference, comment, created_at, decided_at)
          values (${holder.user_id}, 'dividend', 'approved', ${toMoney(amount)}, ${holder.currency},
            ${referenceOf(due, holder)}, ${`${due.symbol} dividend, ex-date ${due.exDate}`}, ${now}, ${now})
          on conflict (reference) do nothing returning id`);
        const transactionId = rows[0]?.id;
        if (!transactionId) return undefined;
        await ledger.move(
          tx,
          `dividend ${due.symbol}`,
          transactionId,
          { kind: 'dividends', currency: holder.currency, shard: systemShardOf(holder.user_id) },
          { userId: holder.user_id, kind: holder.wallet, currency: holder.currency },
          amount,
          now,
        );
        const reinvestedPositionId = await reinvest(tx, due, holder, amount);
        await tx.execute(sql`
          insert into dividend_payments (asset_id, ex_date, user_id, wallet, quantity, amount, currency,
            transaction_id, reinvested_position_id, paid_at)
          values (${due.assetId}, ${due.exDate}, ${holder.user_id}, ${holder.wallet}::account_kind, ${holder.quantity},
            ${toMoney(amount)}, ${holder.currency}, ${transactionId}, ${reinvestedPositionId}, ${now})`);
        return {
          userId: holder.user_id,
          symbol: due.symbol,
          amount: toMoney(amount),
          currency: holder.currency,
          reinvested: reinvestedPositionId !== null,
        };
      }),
    );
  }

  /**
   * A brokerage holder who reinvests buys the stock with the dividend, in the same transaction;
   * the automated-investing wallet invests its cash by its own model. A dividend too small to buy
   * a cent's worth stays as cash.
   */
  async function reinvest(tx: Transaction, due: Due, holder: Holder, amount: Decimal) {
    if (holder.wallet !== 'brokerage') return null;
    const { rows } = await tx.execute<{ reinvest: boolean }>(sql`
      select reinvest from dividend_settings where user_id = ${holder.user_id}`);
    if (!rows[0]?.reinvest) return null;
    try {
      return (await trading.buyWorth(holder.user_id, due.assetId, amount, holder.currency)).position.id;
    } catch (error) {
      if (error instanceof ValidationFailed) return null;
      throw error;
    }
  }

  /** Pays every holder of one dividend: per currency, each holder's share by the rounding rule (allocation.ts). */
  async function payAll(due: Due, now: Date): Promise<Paid[]> {
    const holders = await holdersOf(due);
    const paid: Paid[] = [];
    for (const currency of [...new Set(holders.map((holder) => holder.currency))]) {
      const rate = await rateOf(due, currency);
      const inCurrency = holders.filter((holder) => holder.currency === currency);
      const amounts = allocate(
        inCurrency.map((holder) => ({
          key: `${holder.user_id}|${holder.wallet}`,
          exact: tradeValue(holder.quantity, due.perShare, rate),
        })),
      );
      for (const holder of inCurrency) {
        const amount = amounts.get(`${holder.user_id}|${holder.wallet}`);
        if (!amount?.gt(0)) continue;
        const done = await pay(due, holder, amount, now);
        if (done) paid.push(done);
      }
    }
    await db.execute(sql`
      update dividends set paid_at = ${now} where asset_id = ${due.assetId} and ex_date = ${due.exDate} and paid_at is null`);
    return paid;
  }

  /** Tells each holder who wants mail of their payment; after the commits. */
  async function notify(paid: Paid[]) {
    if (!mail || paid.length === 0) return;
    const { rows } = await db.execute<{ id: string; email: string; firstName: string }>(sql`
      select id, email, first_name as "firstName" from users
      where id in (select unnest(${sql.param([...new Set(paid.map((payment) => payment.userId))])}::uuid[]))
        and email_notifications`);
    const recipients = new Map(rows.map((row) => [row.id, row]));
    const messages = paid.flatMap((payment) => {
      const recipient = recipients.get(payment.userId);
      return recipient ? [dividendMail.paid(recipient, payment)] : [];
    });
    if (messages.length > 0) await mail.queue(...messages);
  }

  return {
    /** Pays every dividend due now to its holders; how many payments it made. */
    async runDue(): Promise<number> {
      const now = clock.now();
      const paid: Paid[] = [];
      for (const due of await dueNow(now)) paid.push(...(await payAll(due, now)));
      await notify(paid);
      return paid.length;
    },
  };
}

export type DividendPayments = ReturnType<typeof createDividendPayments>;

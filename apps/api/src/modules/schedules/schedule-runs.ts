import { scheduleLateHours, type ScheduleSkipReason, type UserWallet } from '@itrust/contracts';
import { tradeRefusals } from '@itrust/contracts/trade-rules';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { transaction, withRetries, type Database, type Executor } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, ValidationFailed } from '../../lib/errors.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { TradingService } from '../trading/trading.service.ts';
import { scheduleMail } from './schedules.mail.ts';
import { runAtOf, slotOn } from './slots.ts';

/** The movements a run makes, each through the one function that writes its kind. */
type Movements = { trading: Pick<TradingService, 'buyWorth'>; wallet: Pick<WalletService, 'swap'> };

type DueSchedule = {
  id: string;
  user_id: string;
  kind: 'buy' | 'transfer';
  asset_id: number | null;
  from_wallet: UserWallet | null;
  to_wallet: UserWallet | null;
  amount: string;
  /** The owner's settlement currency. */
  currency: string;
  slot: string;
  late: boolean;
};

type Ran = {
  scheduleId: string;
  userId: string;
  slot: string;
  outcome: 'done' | 'skipped';
  reason: ScheduleSkipReason | null;
};

/** Why a movement was refused, as a skipped run says it; undefined for a failure that is not a refusal. */
function skipReasonOf(error: unknown): ScheduleSkipReason | undefined {
  if (error instanceof ValidationFailed)
    return Object.values(error.errors ?? {})
      .flat()
      .includes(tradeRefusals.belowOneCent)
      ? 'too_small'
      : 'insufficient_funds';
  if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 422)) return 'unavailable';
  return undefined;
}

/**
 * Runs the slots that fell due. Each slot runs in its own transaction under its plan's row lock
 * (taken first, before any wallet: locks.ts), writes its run row (one per slot: the primary key)
 * and moves on to the next slot, so two processes, a retry or a restart run each slot once. A
 * refused movement is undone whole and the slot is recorded as skipped, with its reason, in a
 * second transaction.
 */
export function createScheduleRuns(deps: { db: Database; clock: Clock; mail?: MailQueue | undefined } & Movements) {
  const { db, clock, trading, wallet, mail } = deps;

  /** The plan, locked, if its slot is still due and no other process holds it. */
  async function claim(tx: Executor, id: string, now: Date) {
    const { rows } = await tx.execute<DueSchedule>(sql`
      select s.id, s.user_id, s.kind, s.asset_id, s.from_wallet, s.to_wallet, s.amount::text, c.code as currency,
        ${slotOn(sql`s.slot_index`)}::text as slot,
        s.next_run_at < ${now}::timestamptz - ${`${scheduleLateHours} hours`}::interval as late
      from schedules s join users u on u.id = s.user_id join currencies c on c.id = u.currency_id
      where s.id = ${id} and s.status = 'active' and s.next_run_at <= ${now}::timestamptz
      for update of s skip locked`);
    return rows[0];
  }

  async function record(
    tx: Executor,
    due: DueSchedule,
    ran: { reason?: ScheduleSkipReason; positionId?: string; transactionId?: string },
    now: Date,
  ): Promise<Ran> {
    const outcome = ran.reason ? 'skipped' : 'done';
    await tx.execute(sql`
      with ran as (
        insert into schedule_runs (schedule_id, slot, outcome, reason, position_id, transaction_id, ran_at)
        values (${due.id}, ${due.slot}, ${outcome}, ${ran.reason ?? null}, ${ran.positionId ?? null},
          ${ran.transactionId ?? null}, ${now}))
      update schedules s set slot_index = s.slot_index + 1, next_run_at = ${runAtOf(sql`s.slot_index + 1`)}
      where s.id = ${due.id}`);
    return { scheduleId: due.id, userId: due.user_id, slot: due.slot, outcome, reason: ran.reason ?? null };
  }

  async function move(due: DueSchedule) {
    const amount = new Decimal(due.amount);
    if (due.kind === 'buy' && due.asset_id !== null)
      return { positionId: (await trading.buyWorth(due.user_id, due.asset_id, amount, due.currency)).position.id };
    if (due.from_wallet && due.to_wallet)
      return {
        transactionId: (await wallet.swap(due.user_id, { amount, from: due.from_wallet, to: due.to_wallet })).id,
      };
    throw new Error(`schedule ${due.id} names nothing to move`);
  }

  async function runSlot(id: string, now: Date): Promise<Ran | undefined> {
    try {
      return await withRetries(() =>
        transaction(db, async (tx) => {
          const due = await claim(tx, id, now);
          if (!due) return undefined;
          if (due.late) return record(tx, due, { reason: 'missed' }, now);
          return record(tx, due, await move(due), now);
        }),
      );
    } catch (error) {
      const reason = skipReasonOf(error);
      if (!reason) throw error;
      return transaction(db, async (tx) => {
        const due = await claim(tx, id, now);
        return due ? record(tx, due, { reason }, now) : undefined;
      });
    }
  }

  /** Tells the owners who want mail which of their runs were skipped, and why; after the commits. */
  async function notify(skipped: Ran[]) {
    if (!mail || skipped.length === 0) return;
    const { rows } = await db.execute<{
      id: string;
      slot: string;
      email: string;
      firstName: string;
      what: string;
      reason: ScheduleSkipReason;
    }>(sql`
      select s.id, r.slot::text, u.email, u.first_name as "firstName", r.reason,
        coalesce(a.symbol, s.from_wallet::text || ' → ' || s.to_wallet::text) as what
      from schedule_runs r join schedules s on s.id = r.schedule_id join users u on u.id = s.user_id
        left join assets a on a.id = s.asset_id
      where (r.schedule_id, r.slot) in (select * from unnest(${sql.param(skipped.map((ran) => ran.scheduleId))}::uuid[], ${sql.param(skipped.map((ran) => ran.slot))}::date[]))
        and u.email_notifications`);
    await mail.queue(...rows.map((row) => scheduleMail.skipped(row, row)));
  }

  return {
    /**
     * Runs every slot due now, oldest first, one at a time, as dividends are paid: a slot of every plan
     * must not take the machine from the investors using it (docs/decisions/0009). A plan more than one
     * slot behind runs (or skips) each in turn.
     */
    async runDue(): Promise<Ran[]> {
      const now = clock.now();
      const ran: Ran[] = [];
      for (;;) {
        const { rows } = await db.execute<{ id: string }>(sql`
          select id from schedules where status = 'active' and next_run_at <= ${now}::timestamptz
          order by next_run_at limit 500`);
        const before = ran.length;
        for (const { id } of rows) {
          const result = await runSlot(id, now);
          if (result) ran.push(result);
        }
        if (ran.length === before) break;
      }
      await notify(ran.filter((result) => result.outcome === 'skipped'));
      return ran;
    },
  };
}

export type ScheduleRuns = ReturnType<typeof createScheduleRuns>;

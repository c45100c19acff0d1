import {
  assetIconPath,
  scheduleRefusals,
  scheduleRunTime,
  type Schedule,
  type ScheduleFrequency,
  type ScheduleKind,
  type ScheduleSkipReason,
  type UserWallet,
} from '@itrust/contracts';
import type { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { transaction, type Database, type Executor } from '../../db/client.ts';
import { isoTime } from '../../db/sql-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { toMoney } from '../../lib/money.ts';
import { firstSlotAfter, runAtOf } from './slots.ts';

export type NewSchedule = {
  kind: ScheduleKind;
  assetId?: number | undefined;
  from?: UserWallet | undefined;
  to?: UserWallet | undefined;
  amount: Decimal;
  frequency: ScheduleFrequency;
  startOn: string;
  timeZone: string;
};

export type ScheduleChanges = {
  amount?: Decimal | undefined;
  frequency?: ScheduleFrequency | undefined;
  paused?: boolean | undefined;
};

type ScheduleView = {
  id: string;
  kind: ScheduleKind;
  asset_id: number | null;
  name: string | null;
  symbol: string | null;
  type: NonNullable<Schedule['asset']>['type'];
  from_wallet: UserWallet | null;
  to_wallet: UserWallet | null;
  amount: string;
  frequency: ScheduleFrequency;
  start_on: string;
  time_zone: string;
  status: Schedule['status'];
  next_run_at: string | null;
  runs: { slot: string; outcome: 'done' | 'skipped'; reason: ScheduleSkipReason | null; ran_at: string }[];
  created_at: string;
};

/** How many of a plan's latest runs the list shows. */
const runsShown = 5;

const present = (row: ScheduleView): Schedule => ({
  id: row.id,
  kind: row.kind,
  asset:
    row.asset_id !== null && row.symbol !== null && row.name !== null
      ? {
          id: row.asset_id,
          name: row.name,
          symbol: row.symbol,
          type: row.type,
          img: assetIconPath(row.symbol),
        }
      : null,
  from_wallet: row.from_wallet,
  to_wallet: row.to_wallet,
  amount: row.amount,
  frequency: row.frequency,
  start_on: row.start_on,
  time_zone: row.time_zone,
  status: row.status,
  next_run_at: row.next_run_at,
  runs: row.runs,
  created_at: row.created_at,
});

async function schedulesOf(tx: Executor, userId: string, id?: string): Promise<Schedule[]> {
  const { rows } = await tx.execute<ScheduleView>(sql`
    select s.id, s.kind::text, s.asset_id, a.name, a.symbol, a.type::text, s.from_wallet::text, s.to_wallet::text,
      s.amount::text, s.frequency::text, s.start_on::text, s.time_zone, s.status::text,
      ${isoTime(sql`s.next_run_at`)} as next_run_at, ${isoTime(sql`s.created_at`)} as created_at,
      coalesce((select json_agg(json_build_object('slot', r.slot::text, 'outcome', r.outcome, 'reason', r.reason,
          'ran_at', ${isoTime(sql`r.ran_at`)}) order by r.slot desc)
        from (select * from schedule_runs where schedule_id = s.id order by slot desc limit ${runsShown}) r), '[]') as runs
    from schedules s left join assets a on a.id = s.asset_id
    where s.user_id = ${userId} and (${id ?? null}::uuid is null or s.id = ${id ?? null}::uuid)
    order by s.created_at desc, s.id`);
  return rows.map(present);
}

export function createSchedules(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function one(tx: Executor, userId: string, id: string) {
    const [found] = await schedulesOf(tx, userId, id);
    if (!found) throw new NotFound(scheduleRefusals.noSchedule);
    return found;
  }

  /** Refuses a time zone PostgreSQL does not know, a first run before today there, and an unknown asset. */
  async function check(tx: Executor, input: NewSchedule) {
    const { rows: zones } = await tx.execute<{ known: boolean }>(sql`
      select exists (select 1 from pg_timezone_names where name = ${input.timeZone}) as known`);
    if (!zones[0]?.known) throw new ValidationFailed({ time_zone: [scheduleRefusals.timeZone] });
    const { rows } = await tx.execute<{ asset: boolean; today: string }>(sql`
      select exists (select 1 from assets where id = ${input.assetId ?? null}::int) as asset,
        (${clock.now()}::timestamptz at time zone ${input.timeZone})::date::text as today`);
    const found = rows[0];
    if (!found) throw new Error('no row');
    if (input.startOn < found.today) throw new ValidationFailed({ start_on: [scheduleRefusals.startInPast] });
    if (input.kind === 'buy' && !found.asset)
      throw new ValidationFailed({ asset_id: [scheduleRefusals.assetRequired] });
    if (input.kind === 'transfer') {
      if (!input.from || !input.to) throw new ValidationFailed({ from: [scheduleRefusals.walletsRequired] });
      if (input.from === input.to) throw new ValidationFailed({ to: [scheduleRefusals.sameWallet] });
    }
  }

  return {
    list: (userId: string) => schedulesOf(db, userId),

    async create(userId: string, input: NewSchedule): Promise<Schedule> {
      return transaction(db, async (tx) => {
        await check(tx, input);
        const buy = input.kind === 'buy';
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into schedules as s (user_id, kind, asset_id, from_wallet, to_wallet, amount, frequency, start_on,
            time_zone, next_run_at, created_at)
          values (${userId}, ${input.kind}, ${buy ? (input.assetId ?? null) : null}, ${buy ? null : (input.from ?? null)},
            ${buy ? null : (input.to ?? null)}, ${toMoney(input.amount)}, ${input.frequency}, ${input.startOn},
            ${input.timeZone}, (${input.startOn}::date + ${scheduleRunTime}::time) at time zone ${input.timeZone}, ${clock.now()})
          returning id`);
        return one(tx, userId, rows[0]?.id ?? '');
      });
    },

    /**
     * Changes the amount or the frequency, or pauses or resumes. A change of frequency and a resume
     * start again from the first slot still ahead: slots passed while paused are not run.
     */
    async update(userId: string, id: string, changes: ScheduleChanges): Promise<Schedule> {
      return transaction(db, async (tx) => {
        const now = clock.now();
        const { rowCount } = await tx.execute(sql`
          update schedules s set
            amount = coalesce(${changes.amount ? toMoney(changes.amount) : null}::numeric, s.amount),
            frequency = coalesce(${changes.frequency ?? null}::schedule_frequency, s.frequency),
            status = case ${changes.paused ?? null}::boolean when true then 'paused' when false then 'active' else s.status end
          where s.id = ${id} and s.user_id = ${userId}`);
        if (rowCount === 0) throw new NotFound(scheduleRefusals.noSchedule);
        if (changes.frequency !== undefined || changes.paused !== undefined)
          await tx.execute(sql`
            update schedules s set slot_index = ${firstSlotAfter(now)},
              next_run_at = case when s.status = 'active' then ${runAtOf(firstSlotAfter(now))} end
            where s.id = ${id}`);
        return one(tx, userId, id);
      });
    },

    /** Deletes the plan and returns it as it was; the trades and transfers it made stay. */
    async remove(userId: string, id: string): Promise<Schedule> {
      return transaction(db, async (tx) => {
        const schedule = await one(tx, userId, id);
        await tx.execute(sql`delete from schedules where id = ${id} and user_id = ${userId}`);
        return schedule;
      });
    },
  };
}

export type ScheduleService = ReturnType<typeof createSchedules>;

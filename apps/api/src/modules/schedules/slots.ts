import { scheduleRunTime } from '@itrust/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** A schedule's columns, as the slot arithmetic reads them (`s` is the schedules row). */
const start = sql`s.start_on`;
const zone = sql`s.time_zone`;
const step = sql`case s.frequency when 'daily' then interval '1 day' when 'weekly' then interval '7 days'
  when 'biweekly' then interval '14 days' else interval '1 month' end`;

/**
 * The date of slot `index`: the start plus `index` steps. A month is counted from the start, so a
 * plan started on the 31st runs on each month's last day when it has no 31st, and is back on the
 * 31st after.
 */
export const slotOn = (index: SQL) => sql`(${start} + ${index} * ${step})::date`;

/** When slot `index` falls due: the run time on its date, in the plan's time zone. */
export const runAtOf = (index: SQL) => sql`(${slotOn(index)} + ${scheduleRunTime}::time) at time zone ${zone}`;

/** Today's date in the plan's time zone. */
const todayIn = (now: Date) => sql`(${now}::timestamptz at time zone ${zone})::date`;

/**
 * The first slot due after `now`: for a plan resumed or changed, whose past slots are not run. The
 * guess from the dates is at most a slot or two out, so only the slots around it are tried.
 */
export const firstSlotAfter = (now: Date) => {
  const today = todayIn(now);
  const guess = sql`case s.frequency
    when 'monthly' then (date_part('year', age(${today}, ${start})) * 12 + date_part('month', age(${today}, ${start})))::int
    when 'daily' then ${today} - ${start} when 'weekly' then (${today} - ${start}) / 7 else (${today} - ${start}) / 14 end`;
  return sql`(select min(i) from generate_series(greatest(0, ${guess} - 2), greatest(0, ${guess}) + 3) i
    where ${runAtOf(sql`i`)} > ${now}::timestamptz)`;
};

import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { seconds } from './measure.ts';
import { dayBesideBatch, type Segment } from './batch-day.ts';
import { sendOnSchedule } from './steady.ts';
import { tradingDay, type Investor, type Screen } from './trading-day.ts';

/** How long the slot may take before the bench gives up on it and reports what ran. */
const slotLimitMs = 20 * 60_000;

type SlotProgress = { ran: number; done: number; first: Date | null; last: Date | null };

/** How many of the slot's runs are recorded, how many bought, and when the first and the last buy were made. */
async function slotProgress(db: Database, dueAt: Date): Promise<SlotProgress> {
  const { rows } = await db.$client.query<SlotProgress>(
    `select count(*)::int as ran, count(p.id)::int as done, min(p.created_at) as first, max(p.created_at) as last
     from schedule_runs r left join positions p on p.id = r.position_id
     where r.ran_at >= $1`,
    [dueAt],
  );
  return rows[0] ?? { ran: 0, done: 0, first: null, last: null };
}

/**
 * The recurring-buy slot of every plan in the data set (a weekly buy each), run in the middle of a
 * mixed trading day at `rate`: the highest the day held without it. The production API runs it as it
 * does for investors: the bench brings every plan's next slot forward to now in the database, and
 * the API's own minute job runs them. The day goes on in runs of `seconds` until the slot is done;
 * the runs before its first buy are the day without it, the others the day during it. The slot's
 * time is from its first buy to its last, as the positions record them.
 */
export async function measureScheduleSlot(
  url: string,
  databaseUrl: string,
  screens: Screen[],
  investors: Investor[],
  rate: number,
) {
  const db = createDatabase(databaseUrl, 1);
  const day = () => sendOnSchedule(url, tradingDay(screens, investors, rate, seconds));
  try {
    const segments: Segment[] = [{ result: await day(), ranBefore: 0, ranAfter: 0 }];
    const dueAt = new Date();
    const { rowCount } = await db.$client.query(
      `update schedules set next_run_at = $1 where status = 'active' and next_run_at > $1`,
      [dueAt],
    );
    const plans = rowCount ?? 0;
    let progress = await slotProgress(db, dueAt);
    for (const giveUp = performance.now() + slotLimitMs; progress.ran < plans && performance.now() < giveUp;) {
      const ranBefore = progress.ran;
      const result = await day();
      progress = await slotProgress(db, dueAt);
      segments.push({ result, ranBefore, ranAfter: progress.ran });
    }
    const judged = dayBesideBatch(segments, rate);
    const slotMs = progress.first && progress.last ? progress.last.getTime() - progress.first.getTime() : NaN;
    const runsPerSecond = Math.round((1000 * progress.done) / Math.max(slotMs, 1));
    console.log(
      `  a recurring-buy slot of ${plans} plans: ${progress.done} bought, ${progress.ran - progress.done} skipped, in ${slotMs} ms (${runsPerSecond} a second); ` +
        judged.line,
    );
    return {
      rate,
      plans,
      ran: progress.ran,
      bought: progress.done,
      slotMs,
      runsPerSecond,
      ...judged.figures,
    };
  } finally {
    await db.$client.end();
  }
}

export type ScheduleSlotMeasured = Awaited<ReturnType<typeof measureScheduleSlot>>;

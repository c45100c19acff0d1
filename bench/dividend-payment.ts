import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { seconds } from './measure.ts';
import { dayBesideBatch, type Segment } from './batch-day.ts';
import { sendOnSchedule } from './steady.ts';
import { tradingDay, type Investor, type Screen } from './trading-day.ts';

/** The monthly payer every investor of the data set holds (dataset.ts), so its dividend goes to all of them. */
export const paidStock = 'T';
const paymentLimitMs = 20 * 60_000;

/** The latest dividend of the stock already due, which the API's start-up payment found without holders. */
async function latestDividend(db: Database) {
  const { rows } = await db.$client.query<{ assetId: number; exDate: string; paid: number }>(
    `select d.asset_id as "assetId", d.ex_date::text as "exDate",
       (select count(*)::int from dividend_payments p where p.asset_id = d.asset_id and p.ex_date = d.ex_date) as paid
     from dividends d join assets a on a.id = d.asset_id
     where a.symbol = $1 and d.paid_at is not null order by d.ex_date desc limit 1`,
    [paidStock],
  );
  const found = rows[0];
  if (!found) throw new Error(`no dividend of ${paidStock} has fallen due to pay again`);
  if (found.paid > 0) throw new Error(`the ${paidStock} dividend of ${found.exDate} was already paid to ${found.paid}`);
  return found;
}

const paymentsOf = async (db: Database, dividend: { assetId: number; exDate: string }) =>
  (
    await db.$client.query<{ paid: number }>(
      `select count(*)::int as paid from dividend_payments where asset_id = $1 and ex_date = $2`,
      [dividend.assetId, dividend.exDate],
    )
  ).rows[0]?.paid ?? 0;

/**
 * A dividend paid to every investor of the data set, in the middle of a mixed trading day at `rate`.
 * The production API pays it as it does for investors: the bench marks the stock's latest dividend
 * unpaid again (the API's start-up payment had found no holders, as the data set came after it), and
 * the API's own job pays it when it next looks. The day goes on in runs of `seconds` until every
 * holder is paid; the runs before the first payment are the day without it. A payment records only
 * its job's start, so its time is from the first payment the bench saw to the last, polled.
 */
export async function measureDividendPayment(
  url: string,
  databaseUrl: string,
  screens: Screen[],
  investors: Investor[],
  rate: number,
) {
  const db = createDatabase(databaseUrl, 2);
  const day = () => sendOnSchedule(url, tradingDay(screens, investors, rate, seconds));
  let paid = 0;
  let first = NaN;
  let last = NaN;
  const polling = { on: true };
  try {
    const segments: Segment[] = [{ result: await day(), ranBefore: 0, ranAfter: 0 }];
    const dividend = await latestDividend(db);
    const holders = investors.length;
    await db.$client.query(`update dividends set paid_at = null where asset_id = $1 and ex_date = $2`, [
      dividend.assetId,
      dividend.exDate,
    ]);
    const poll = (async () => {
      for (; polling.on; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const now = await paymentsOf(db, dividend);
        if (now > paid) {
          if (paid === 0) first = performance.now();
          last = performance.now();
          paid = now;
        }
      }
    })().catch(() => undefined);
    for (const giveUp = performance.now() + paymentLimitMs; paid < holders && performance.now() < giveUp;) {
      const ranBefore = paid;
      const result = await day();
      segments.push({ result, ranBefore, ranAfter: paid });
    }
    polling.on = false;
    await poll;
    const judged = dayBesideBatch(segments, rate);
    const paymentMs = Math.round(last - first);
    const perSecond = Math.round((1000 * paid) / Math.max(paymentMs, 1));
    console.log(
      `  a ${paidStock} dividend to ${holders} holders: ${paid} paid in ${paymentMs} ms (${perSecond} a second); ` +
        judged.line,
    );
    return {
      rate,
      holders,
      paid,
      paymentMs,
      perSecond,
      ...judged.figures,
    };
  } finally {
    polling.on = false;
    await db.$client.end();
  }
}

export type DividendPaymentMeasured = Awaited<ReturnType<typeof measureDividendPayment>>;

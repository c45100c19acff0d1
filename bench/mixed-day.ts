import { median, sum } from './stats.ts';
import { runs, seconds, warmUpSeconds } from './measure.ts';
import { mediansByEndpoint, sendOnSchedule, type SteadyResult } from './steady.ts';
import { callsOfVisit, judgeDay, nextRate, tradingDay, type Investor, type Screen } from './trading-day.ts';

export const dayRate = 1_000;

export type DayStep = { rate: number; rps: number } & ReturnType<typeof judgeDay>;

/** The mixed trading day at the budget's rate (medians of the runs), then the search for the highest rate that holds. */
export async function measureDay(url: string, screens: Screen[], investors: Investor[]) {
  const day = (rate: number, length = seconds) => sendOnSchedule(url, tradingDay(screens, investors, rate, length));
  await day(dayRate / 2, warmUpSeconds);
  const samples: SteadyResult[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await day(dayRate));
  const atBudget = {
    rate: dayRate,
    rps: median(samples.map((sample) => sample.rps)),
    errors: sum(samples.map((sample) => sample.errors)),
    endpoints: mediansByEndpoint(samples),
  };
  console.log(`  mixed day at ${dayRate} req/s: ${atBudget.rps} responses a second, ${atBudget.errors} errors`);
  for (const [label, latencies] of Object.entries(atBudget.endpoints))
    console.log(`    ${label}: p50 ${latencies.p50} ms, p99 ${latencies.p99} ms, ${latencies.errors} errors`);
  const search: DayStep[] = [];
  for (let rate = nextRate(search, 250, 50); rate !== undefined; rate = nextRate(search, 250, 50)) {
    const result = await day(rate);
    const step = { rate, rps: result.rps, ...judgeDay(result.endpoints) };
    search.push(step);
    console.log(
      `  mixed day at ${rate} req/s: ${step.holds ? 'holds' : 'does not hold'} (slowest ${step.worst}, p99 ${step.worstP99} ms; ${step.errors} errors)`,
    );
  }
  const highestRate = Math.max(0, ...search.filter((step) => step.holds).map((step) => step.rate));
  return { visit: callsOfVisit(screens), atBudget, search, highestRate };
}

export type DayMeasured = Awaited<ReturnType<typeof measureDay>>;

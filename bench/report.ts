import type { Budget, Measured } from './budgets.ts';
import type { PageScore } from './lighthouse.ts';
import type { DayMeasured } from './mixed-day.ts';
import type { TickFillMeasured } from './order-fill.ts';
import type { ScheduleSlotMeasured } from './schedule-slot.ts';
import type { DividendPaymentMeasured } from './dividend-payment.ts';
import type { SignInMeasured } from './sign-in.ts';
import { dayP99Ms, screenGapMs, signInEvery } from './trading-day.ts';

/** pgbench's TPC-B alone: transactions per second and CPU time per transaction. */
export type Tpcb = { tps: number; postgresUs: number; pgbenchUs: number };

/** One run of `npm run bench`, as bench/results.json holds it. */
export type Results = {
  date: string;
  commit: string;
  machine: { cpus: number; memoryGiB: number };
  users: number;
  seconds: number;
  runs: number;
  connections: number;
  nodeHttp: Measured;
  nodeHttpAfter: Measured;
  tpcb: Tpcb | null;
  market: Measured;
  writes: Measured[];
  firstReads: Measured[];
  day: DayMeasured;
  tickFill: TickFillMeasured;
  scheduleSlot: ScheduleSlotMeasured;
  dividendPayment: DividendPaymentMeasured;
  signIn: SignInMeasured;
  signInKb: number;
  lighthouse: PageScore[];
  budgets: Budget[];
  postgresEvents: string[];
};

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const head = (cells: string[]) => [row(cells), row(cells.map((_, index) => (index === 0 ? '---' : '---:')))];
const ratio = (result: Measured) =>
  result.paired
    ? [`${result.paired.ratio.toFixed(2)}×`, `${result.paired.baseline} (${result.paired.baselineRps})`]
    : ['', ''];
const scenario = (label: string, result: Measured) =>
  row([label, result.rps, result.p50, result.p99, result.errors, ...ratio(result)]);

const runLine = (results: Results) =>
  `Latest run: ${results.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${results.commit}\`, ${results.machine.cpus} cores, ${results.machine.memoryGiB} GiB. ` +
  `${results.users.toLocaleString('en-US')} investors with a year of history; each figure is the median of ${results.runs} runs of ${results.seconds} s.`;

const requestsTable = (results: Results) => [
  ...head(['Scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio', 'baseline in turns (req/s)']),
  scenario('node:http hello world', results.nodeHttp),
  row(['pgbench TPC-B, 8 clients, alone', results.tpcb?.tps ?? '–', '', '', '', '', '']),
  scenario('market list (public)', results.market),
  ...results.writes.map((result) => scenario(`keyed ${result.name}`, result)),
  ...results.firstReads.map((result) => scenario(`first-after-write ${result.name}`, result)),
];

function dayTable({ day }: Results) {
  const total = Object.values(day.visit).reduce((all, count) => all + count, 0);
  return [
    ...head(['Endpoint', 'calls a visit', 'share %', 'p50 ms', 'p99 ms', 'errors']),
    ...Object.entries(day.visit).map(([label, calls]) => {
      const latencies = day.atBudget.endpoints[label];
      return row([
        `\`${label}\``,
        calls.toFixed(2),
        ((100 * calls) / total).toFixed(1),
        latencies?.p50 ?? '–',
        latencies?.p99 ?? '–',
        latencies?.errors ?? '–',
      ]);
    }),
  ];
}

/** A batch's day: each endpoint's p99 during the batch beside its p99 in the same day without it. */
function batchTable(during: Record<string, { p99: number; errors: number }>, without: Record<string, { p99: number }>) {
  return [
    ...head(['Endpoint', 'p99 ms without', 'p99 ms during', 'errors during']),
    ...Object.entries(during)
      .sort(([, a], [, b]) => b.p99 - a.p99)
      .map(([label, latencies]) => row([`\`${label}\``, without[label]?.p99 ?? '–', latencies.p99, latencies.errors])),
  ];
}

function tickSection({ tickFill: tick }: Results) {
  return [
    '## A tick that fills resting orders',
    '',
    `${tick.placed} keyed limit buys rest on one stock; the bench moves its price below their limit and the API's own fill job after its next tick ` +
      `fills them while the mixed day goes on at ${tick.rate} req/s (the highest rate it held) in runs of the run length. ` +
      `${tick.orders} filled, first fill to last in **${(tick.tickMs / 1000).toFixed(1)} s**. ` +
      `The day's p99 during the tick (${tick.daysDuring} runs) beside the same day before the price moved (${tick.daysWithout} run), medians of the runs:`,
    '',
    ...batchTable(tick.endpoints, tick.withoutEndpoints),
  ];
}

function slotSection({ scheduleSlot: slot }: Results) {
  return [
    '## Recurring-buy slot',
    '',
    `Every investor has a weekly buy of $25; the bench brings all ${slot.plans} plans' next slot forward to now, and the API's own minute job runs them ` +
      `while the mixed day goes on at ${slot.rate} req/s (the highest rate it held) in runs of the run length. ` +
      `${slot.bought} bought and ${slot.ran - slot.bought} skipped, first buy to last in **${(slot.slotMs / 1000).toFixed(1)} s** (${slot.runsPerSecond} runs a second). ` +
      `The day's p99 during the slot (${slot.daysDuring} runs) beside the same day before it started (${slot.daysWithout} runs), medians of the runs:`,
    '',
    ...batchTable(slot.endpoints, slot.withoutEndpoints),
  ];
}

function dividendSection({ dividendPayment: dividend }: Results) {
  return [
    '## Dividend payment',
    '',
    `Every investor holds AT&T, a monthly payer; the bench marks its latest dividend unpaid again and the API's own dividend job pays it ` +
      `while the mixed day goes on at ${dividend.rate} req/s. ${dividend.paid} of ${dividend.holders} holders paid, first payment to last ` +
      `(polled every 0.1 s) in **${(dividend.paymentMs / 1000).toFixed(1)} s** (${dividend.perSecond} a second). ` +
      `The day's p99 during the payment (${dividend.daysDuring} runs) beside the same day before it (${dividend.daysWithout} runs):`,
    '',
    ...batchTable(dividend.endpoints, dividend.withoutEndpoints),
  ];
}

const budgetsTable = (results: Results) => [
  ...head(['Budget', 'measured', 'holds']),
  ...results.budgets.map((budget) => row([budget.budget, budget.measured, budget.holds ? 'yes' : '**no**'])),
];

/** The README's performance section: the run, the visit's calls and how many budgets hold; the tables are in docs/performance.md. */
export const readmeSection = (results: Results) =>
  [
    runLine(results),
    '',
    'A mixed trading day is built from investor visits; the calls of one visit: ' +
      Object.entries(results.day.visit)
        .map(([label, calls]) => `\`${label}\` ${calls.toFixed(2)}`)
        .join(', ') +
      `. Highest rate at which every p99 stays ≤ ${dayP99Ms} ms with no errors: ${highestRateOf(results.day)}.`,
    '',
    `${results.budgets.filter((budget) => budget.holds).length} of ${results.budgets.length} budgets hold; ` +
      'each budget and its measure: [docs/performance.md](docs/performance.md#budgets).',
  ].join('\n');

/** The search's outcome, saying so when not even its lowest rate held. */
function highestRateOf(day: Results['day']): string {
  if (day.highestRate > 0) return `**${day.highestRate} req/s**`;
  return `**none of the rates tried** (the lowest, ${Math.min(...day.search.map((step) => step.rate))} req/s, did not hold)`;
}

export function withReadmeSection(readme: string, section: string): string {
  const [before, rest] = readme.split(readmeStart);
  const after = rest?.split(readmeEnd)[1];
  if (before === undefined || after === undefined) throw new Error('README.md has no bench markers');
  return `${before}${readmeStart}\n${section}\n${readmeEnd}${after}`;
}
const readmeStart = '<!-- bench:start (generated by `npm run bench` from bench/results.json) -->';
const readmeEnd = '<!-- bench:end -->';

/** docs/performance.md, all of it generated from one run's results. */
export function performanceDoc(results: Results): string {
  const { day, signIn } = results;
  const held = day.search.map(
    (step) =>
      `${step.rate} ${step.holds ? 'held' : `did not (${step.worst} ${step.worstP99} ms, ${step.errors} errors)`}`,
  );
  return [
    '# Performance',
    '',
    '<!-- Generated by `npm run bench` from bench/results.json (bench/report.ts); do not edit by hand. -->',
    '',
    `${runLine(results)} ` +
      'A ratio is the median of the ratios of each run to its baseline run just before it. ' +
      'Shorter runs for development: `BENCH_USERS=500 BENCH_SECONDS=2 BENCH_RUNS=1 BENCH_OUT=/tmp/bench.json npm run bench`.' +
      " The batches alone beside the day at a rate, for an A/B of a batch's design: `BENCH_DAY_RATE=125 npm run bench:batches -- slot`.",
    '',
    '## Requests (32 connections; money writes with an Idempotency-Key; reads first after a write of the same investor)',
    '',
    ...requestsTable(results),
    '',
    '## Mixed trading day (open model)',
    '',
    `Visits start on schedule, each by the next investor, and open a screen every ${screenGapMs / 1000} s: sign-in (one visit in ${signInEvery}; ` +
      'the later calls carry the token the investor holds, so they keep their schedule), ' +
      'the portfolio screen, the market list, one asset’s history, a keyed transfer or buy (in turns), the history screen. ' +
      `At ${day.atBudget.rate} req/s (${day.atBudget.rps} responses a second):`,
    '',
    ...dayTable(results),
    '',
    `Highest rate at which every endpoint's p99 stays ≤ ${dayP99Ms} ms with no errors: ${highestRateOf(day)} (steps: ${held.join('; ')}).`,
    '',
    ...tickSection(results),
    '',
    ...slotSection(results),
    '',
    ...dividendSection(results),
    '',
    '## Sign-in at its limit',
    '',
    `argon2id alone on all cores: ${signIn.argon2PerSecond} checks/s. Sign-in flat out: ${signIn.rps}/s (${signIn.ratio.toFixed(2)}×), p50 ${signIn.p50} ms, p99 ${signIn.p99} ms, ${signIn.errors} errors. ` +
      `Another investor's portfolio calls meanwhile: p50 ${signIn.portfolioBeside.p50} ms, p99 ${signIn.portfolioBeside.p99} ms, ${signIn.portfolioBeside.errors} errors.`,
    '',
    `## Lighthouse (mobile, median of ${results.runs})`,
    '',
    ...head(['Page', 'score', 'LCP ms', 'FCP ms', 'TBT ms']),
    ...results.lighthouse.map((page) => row([page.name, page.performance, page.lcpMs, page.fcpMs, page.tbtMs])),
    '',
    `Sign-in route JavaScript: ${results.signInKb} KB gzip.`,
    '',
    '## Budgets',
    '',
    ...budgetsTable(results),
    '',
  ].join('\n');
}

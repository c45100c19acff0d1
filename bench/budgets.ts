import type { CpuPerRequest } from './cpu.ts';
import type { PageScore } from './lighthouse.ts';
import type { DayMeasured } from './mixed-day.ts';
import type { TickFillMeasured } from './order-fill.ts';
import type { ScheduleSlotMeasured } from './schedule-slot.ts';
import type { DividendPaymentMeasured } from './dividend-payment.ts';
import { dayP99Ms, judgeDay } from './trading-day.ts';
import type { SignInMeasured } from './sign-in.ts';

export type Measured = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpu?: CpuPerRequest;
  /** When the scenario ran (UTC). */
  from?: string;
  to?: string;
  /**
   * Its baseline, run just before each of its runs: the median of those baseline runs, and the median
   * of the ratios of each run to the baseline run before it.
   */
  paired?: { baseline: string; baselineRps: number; ratio: number };
};
export type Budget = { budget: string; measured: string; holds: boolean };

export type BudgetInput = {
  writes: Measured[];
  firstReads: Measured[];
  market: Measured | undefined;
  day: DayMeasured;
  tickFill: TickFillMeasured;
  scheduleSlot: ScheduleSlotMeasured;
  dividendPayment: DividendPaymentMeasured;
  signIn: SignInMeasured;
  signInKb: number;
  pages: PageScore[];
};

/** Every screen a signed-in investor reaches from the menu, and one asset's. */
export const signedInScreens = [
  '/portfolio',
  '/market',
  '/cash',
  '/history',
  '/savings',
  '/asset/Apple Inc./AAPL',
  '/auto',
  '/user',
];
/** The screens held to the static page: the first a visitor sees, and the first after signing in. */
const firstScreens = ['/', '/portfolio'];

// A scenario that did not run in turns with its baseline (no pgbench on the machine) has no ratio.
const throughput = (label: string, result: Measured | undefined, floor: number): Budget => {
  const ratio = result?.paired?.ratio ?? 0;
  const errors = result?.errors ? `, ${result.errors} errors` : '';
  return {
    budget: `${label} ≥ ${floor}×`,
    measured: `${ratio.toFixed(3)}×${errors}`,
    holds: ratio >= floor && result?.errors === 0,
  };
};
/** A recurring-buy slot ends within the scheduler's minute, so it is over before the next minute's job looks for due plans. */
export const slotSeconds = 60;
/** A dividend is paid to every holder within the dividend job's five minutes, for the same reason. */
export const dividendSeconds = 300;

const latency = (label: string, result: { p99: number } | undefined, ceiling: number): Budget => ({
  budget: `${label} p99 ≤ ${ceiling} ms`,
  measured: `${result?.p99 ?? '–'} ms`,
  holds: (result?.p99 ?? Infinity) <= ceiling,
});

/** The budgets of issues 42, 44 and 46, each with what this run measured and whether it holds. */
export function checkBudgets(input: BudgetInput): Budget[] {
  const {
    writes,
    firstReads,
    market,
    day,
    tickFill,
    scheduleSlot: slot,
    dividendPayment: dividend,
    signIn,
    signInKb,
    pages,
  } = input;
  const write = (name: string) => writes.find((result) => result.name === name);
  const read = (name: string) => firstReads.find((result) => result.name === name);
  const atBudget = judgeDay(day.atBudget.endpoints);
  return [
    throughput('keyed transfer, against pgbench TPC-B,', write('transfer'), 0.6),
    latency('keyed transfer (32 connections)', write('transfer'), 30),
    throughput('keyed buy, against pgbench TPC-B,', write('buy'), 0.45),
    latency('keyed buy', write('buy'), 40),
    throughput('first-after-write user include, against node:http,', read('user include'), 0.05),
    latency('first-after-write user include', read('user include'), 25),
    throughput('first-after-write analytics 30d, against node:http,', read('analytics 30d'), 0.04),
    latency('first-after-write analytics 30d', read('analytics 30d'), 30),
    {
      budget: `mixed day at ${day.atBudget.rate} req/s: every endpoint's p99 ≤ ${dayP99Ms} ms, no errors`,
      measured: `slowest ${atBudget.worst} ${atBudget.worstP99} ms, ${atBudget.errors} errors`,
      holds: atBudget.holds,
    },
    {
      budget: `mixed day at ${tickFill.rate} req/s as a tick fills ${tickFill.placed} orders: p99 ≤ ${dayP99Ms} ms, no errors`,
      measured: `${tickFill.orders} in ${(tickFill.tickMs / 1000).toFixed(1)} s; ${tickFill.worst} ${tickFill.worstP99} ms${tickFill.errors ? `, ${tickFill.errors} errors` : ''}; without it ${tickFill.without.worst} ${tickFill.without.worstP99} ms`,
      holds: tickFill.holds && tickFill.orders === tickFill.placed,
    },
    {
      budget: `recurring-buy slot of ${slot.plans} plans, every one bought, within ${slotSeconds} s`,
      measured: `${slot.bought} in ${(slot.slotMs / 1000).toFixed(1)} s (${slot.runsPerSecond} a second)`,
      holds: slot.bought === slot.plans && slot.slotMs <= slotSeconds * 1000,
    },
    {
      budget: `mixed day at ${slot.rate} req/s during the slot: p99 ≤ ${dayP99Ms} ms, no errors`,
      measured: `${slot.worst} ${slot.worstP99} ms${slot.errors ? `, ${slot.errors} errors` : ''}; without it ${slot.without.worst} ${slot.without.worstP99} ms`,
      holds: slot.holds,
    },
    {
      budget: `dividend to ${dividend.holders} holders, every one paid, within ${dividendSeconds} s`,
      measured: `${dividend.paid} in ${(dividend.paymentMs / 1000).toFixed(1)} s (${dividend.perSecond} a second)`,
      holds: dividend.paid >= dividend.holders && dividend.paymentMs <= dividendSeconds * 1000,
    },
    {
      budget: `mixed day at ${dividend.rate} req/s during the dividend: p99 ≤ ${dayP99Ms} ms, no errors`,
      measured: `${dividend.worst} ${dividend.worstP99} ms${dividend.errors ? `, ${dividend.errors} errors` : ''}; without it ${dividend.without.worst} ${dividend.without.worstP99} ms`,
      holds: dividend.holds,
    },
    {
      budget: 'sign-in ≥ 0.8× argon2id alone',
      measured: `${signIn.ratio.toFixed(3)}×${signIn.errors ? `, ${signIn.errors} errors` : ''}`,
      holds: signIn.ratio >= 0.8 && signIn.errors === 0,
    },
    {
      ...latency("another investor's portfolio during a sign-in flood", signIn.portfolioBeside, 100),
      holds: signIn.portfolioBeside.p99 <= 100 && signIn.portfolioBeside.errors === 0,
    },
    throughput('market list, against node:http,', market, 0.3),
    { budget: 'sign-in JavaScript ≤ 150 KB gzip', measured: `${signInKb} KB`, holds: signInKb <= 150 },
    ...pageBudgets(pages),
  ];
}

/**
 * Lighthouse's: the first screens score ≥ 95 with an LCP within 1.5× the static page's; every
 * signed-in screen scores ≥ 90 with LCP ≤ 2.5 s and TBT ≤ 200 ms. A screen not measured fails.
 */
function pageBudgets(pages: PageScore[]): Budget[] {
  const pageAt = (pathname: string) => pages.find((page) => decodeURI(new URL(page.url).pathname) === pathname);
  // The yardstick: the one page that is a plain file.
  const staticPage = pages.find((page) => page.url.endsWith('.html'));
  return [...new Set([...firstScreens, ...signedInScreens])].flatMap((pathname) => {
    const page = pageAt(pathname);
    const first = firstScreens.includes(pathname);
    const floor = first ? 95 : 90;
    const lcpRatio = (page?.lcpMs ?? NaN) / (staticPage?.lcpMs ?? NaN);
    const score = {
      budget: `Lighthouse mobile ${pathname} ≥ ${floor}`,
      measured: String(page?.performance ?? '–'),
      holds: (page?.performance ?? 0) >= floor,
    };
    const nearStatic = {
      budget: `LCP ${pathname} ≤ 1.5× the static page's`,
      measured: `${lcpRatio.toFixed(2)}×`,
      holds: lcpRatio <= 1.5,
    };
    const signedIn = [
      { budget: `LCP ${pathname} ≤ 2.5 s`, measured: `${page?.lcpMs ?? '–'} ms`, holds: (page?.lcpMs ?? NaN) <= 2_500 },
      { budget: `TBT ${pathname} ≤ 200 ms`, measured: `${page?.tbtMs ?? '–'} ms`, holds: (page?.tbtMs ?? NaN) <= 200 },
    ];
    return [score, ...(first ? [nearStatic] : []), ...(signedInScreens.includes(pathname) ? signedIn : [])];
  });
}

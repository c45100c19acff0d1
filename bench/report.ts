import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../apps/api/src/config.ts';
import { ratioOf, type Budget } from './budgets.ts';
import type { PageScore } from './lighthouse.ts';
import { connections, seconds, users, type Result } from './measure.ts';

/** A scenario at a steady rate: the medians of its runs. */
export type SteadyMeasured = { name: string; rps: number; p50: number; p99: number; errors: number };

/** pgbench's TPC-B alone: transactions per second and CPU time per transaction. */
export type Tpcb = { tps: number; postgresUs: number; pgbenchUs: number };

/** Everything a benchmark run measured, as printed and as written to bench/results.json. */
export type Measurements = {
  baseline: Result;
  baselineAfter: Result;
  results: Result[];
  steady: SteadyMeasured[];
  tpcb: Tpcb | undefined;
  signInKb: number;
  pages: PageScore[];
};

/**
 * What one request cost each process, and the throughput those costs allow on this machine's cores
 * if CPU time were all that limited it.
 */
function printCpu(measured: Result[]) {
  console.log('\n| Scenario | API µs | PostgreSQL µs | autocannon µs | machine busy | CPU ceiling req/s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, cpu } of measured) {
    if (!cpu) continue;
    const total = cpu.apiUs + cpu.postgresUs + cpu.loadUs;
    const ceiling = Math.round((cpus().length * 1e6) / Math.max(total, 1));
    console.log(
      `| ${name} | ${cpu.apiUs} | ${cpu.postgresUs} | ${cpu.loadUs} | ${cpu.machineBusyPercent}% | ${ceiling} |`,
    );
  }
}

/** The scenario, CPU, steady-rate and Lighthouse tables. */
export function printTables({ baseline, baselineAfter, results, steady, tpcb, signInKb, pages }: Measurements) {
  const tps = tpcb?.tps;
  const ratio = (result: Result, against: number) =>
    result.paired || against ? ratioOf(result, against).toFixed(2) : '–';
  const baselineOf = (result: Result, swap: boolean) =>
    result.paired
      ? `${result.paired.baseline} in turns (${result.paired.baselineRps})`
      : swap
        ? 'pgbench TPC-B tps'
        : 'node:http';
  console.log('\n| Scenario | req/s | p50 ms | p99 ms | ratio | baseline |');
  console.log('|---|---:|---:|---:|---:|---|');
  console.log(`| node:http hello world | ${baseline.rps} | ${baseline.p50} | ${baseline.p99} | 1.00 | itself |`);
  for (const result of results) {
    const swap = result.name.startsWith('POST swap');
    console.log(
      `| ${result.name} | ${result.rps} | ${result.p50} | ${result.p99} | ${swap ? ratio(result, tps ?? 0) : ratio(result, baseline.rps)} | ${baselineOf(result, swap)} |`,
    );
  }
  printCpu([baseline, ...results]);
  console.log('\n| At a steady rate, not a budget | req/s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const result of steady) console.log(`| ${result.name} | ${result.rps} | ${result.p50} | ${result.p99} |`);
  const drift = ((baselineAfter.rps - baseline.rps) / baseline.rps) * 100;
  console.log(
    `\nnode:http baseline after the API scenarios: ${baselineAfter.rps} req/s (${drift >= 0 ? '+' : ''}${drift.toFixed(0)}%; each ratio uses the baseline runs taken in turns with its scenario).`,
  );
  console.log(`\nSign-in route JavaScript: ${signInKb} KB gzip (budget 150 KB).`);
  const staticLcp = pages[0]?.lcpMs ?? NaN;
  console.log('\n| Page (Lighthouse mobile) | performance | LCP ms | LCP ratio to static | FCP ms | TBT ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const page of pages)
    console.log(
      `| ${page.name} | ${page.performance} | ${page.lcpMs} | ${(page.lcpMs / staticLcp).toFixed(2)} | ${page.fcpMs} | ${page.tbtMs} |`,
    );
}

/** Writes bench/results.json, from which the README's table is generated. */
export async function writeResults(
  { baseline, baselineAfter, results, steady, tpcb, signInKb, pages }: Measurements,
  budgets: Budget[],
  events: string[],
) {
  const tps = tpcb?.tps;
  await mkdir(path.join(repoRoot, 'bench'), { recursive: true });
  await writeFile(
    path.join(repoRoot, 'bench', 'results.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
        users,
        seconds,
        connections,
        baseline,
        baselineAfter,
        results,
        steady,
        pgbenchTps: tps ?? null,
        pgbenchCpuUs: tpcb ? { postgres: tpcb.postgresUs, pgbench: tpcb.pgbenchUs } : null,
        signInJsKbGzip: signInKb,
        lighthouse: pages satisfies PageScore[],
        budgets,
        postgresEvents: events,
      },
      null,
      2,
    )}\n`,
  );
}

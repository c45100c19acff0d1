import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import type { Measured } from './budgets.ts';
import { addSpent, cpuPerRequest, cpuSnapshot, nothingSpent } from './cpu.ts';
import { median, pairedRatio, sum } from './stats.ts';

export const users = Number(process.env['BENCH_USERS'] ?? 10_000);
export const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
export const runs = Number(process.env['BENCH_RUNS'] ?? 3);
export const warmUpSeconds = Math.min(2, seconds);
export const connections = 32;

/** A scenario's baseline, run once before each of the scenario's runs (see pairedRatio). */
export type Pairing = { baseline: string; runOnce: () => Promise<number> };

/**
 * Each run `seconds` long, or of `amount` requests, after `before` (not counted). Without `before`, an
 * uncounted warm-up comes first: the first seconds measure the compiler and connections preparing statements.
 */
type Runs = { amount?: number; before?: () => Promise<void> };

export const perSecond = (result: autocannon.Result) => result.requests.total / Math.max(result.duration, 0.001);

export const autocannonMedians = (samples: autocannon.Result[]) => ({
  rps: Math.round(median(samples.map(perSecond))),
  p50: median(samples.map((sample) => sample.latency.p50)),
  p99: median(samples.map((sample) => sample.latency.p99)),
  errors: sum(samples.map((sample) => sample.errors + sample.non2xx)),
});

/** A scenario under autocannon's 32 connections: the medians of its runs, its CPU cost, and its ratio when paired. */
export async function measure(
  name: string,
  options: autocannon.Options,
  pids: Parameters<typeof cpuSnapshot>[0],
  pairing?: Pairing,
  { amount, before }: Runs = {},
): Promise<Measured> {
  const samples: autocannon.Result[] = [];
  const baselineRuns: number[] = [];
  const from = new Date().toISOString();
  if (!before) await autocannon({ connections, duration: warmUpSeconds, ...options });
  let spent = nothingSpent;
  for (let run = 0; run < runs; run += 1) {
    if (pairing) baselineRuns.push(await pairing.runOnce());
    await before?.();
    const started = cpuSnapshot(pids);
    samples.push(await autocannon({ connections, ...(amount ? { amount } : { duration: seconds }), ...options }));
    spent = addSpent(spent, started, cpuSnapshot(pids));
  }
  const cpu = cpuPerRequest(nothingSpent, spent, sum(samples.map((sample) => sample.requests.total)));
  const result: Measured = {
    name,
    ...autocannonMedians(samples),
    cpu,
    from,
    to: new Date().toISOString(),
    ...(pairing && {
      paired: {
        baseline: pairing.baseline,
        baselineRps: Math.round(median(baselineRuns)),
        ratio: pairedRatio(samples.map(perSecond), baselineRuns),
      },
    }),
  };
  const pairedWith = result.paired
    ? `; ${result.paired.ratio.toFixed(3)}× of ${result.paired.baseline} in turns (${baselineRuns.map(Math.round).join(', ')})`
    : '';
  console.log(
    `  ${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors; ` +
      `CPU per request: API ${cpu.apiUs} µs, PostgreSQL ${cpu.postgresUs} µs, autocannon ${cpu.loadUs} µs ` +
      `(machine ${cpu.machineBusyPercent}% busy)${pairedWith}`,
  );
  return result;
}

/** The bare node:http server runs in its own process, as the API does, so neither shares a thread with autocannon. */
export async function startBaselineServer() {
  const helloWorld = `require('node:http').createServer((q, s) => s.end('hello world')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`;
  const server = spawn(process.execPath, ['-e', helloWorld], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(server.stdout, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${port.toString().trim()}`;
  return {
    measure: () => measure('node:http hello world', { url }, { api: server.pid }),
    /** One run as long as a scenario's, for the scenarios measured in turns with it. */
    runOnce: async () => perSecond(await autocannon({ connections, duration: seconds, url })),
    stop: async () => {
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    },
  };
}

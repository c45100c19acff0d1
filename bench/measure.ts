import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { median, pairedRatio, type Measured } from './budgets.ts';
import { addSpent, cpuPerRequest, cpuSnapshot, nothingSpent } from './cpu.ts';

export const users = Number(process.env['BENCH_USERS'] ?? 10_000);
export const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
export const connections = 32;
export const runs = 3;
export const warmUpSeconds = 2;

export type Result = Measured;
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The processes whose CPU time a measurement charges to its requests. */
export type Pids = { api?: number; postgres?: number };

/** A scenario's baseline, run once before each of the scenario's runs (see pairedRatio). */
export type Pairing = { baseline: string; runOnce: () => Promise<number>; warmsUp?: boolean };

/**
 * What a scenario sends before its measured runs, not counted: a few seconds, or for a request
 * spread over the investors that writes or is kept one request per investor (see measure).
 */
export type WarmUp = { seconds: number } | { requests: number };

export async function measure(
  name: string,
  options: autocannon.Options,
  pids: Pids,
  pairing?: Pairing,
  warmUp: WarmUp = { seconds: warmUpSeconds },
): Promise<Result> {
  const samples: autocannon.Result[] = [];
  const baselineRuns: number[] = [];
  const from = new Date().toISOString();
  // Not counted: the first seconds of a scenario measure the compiler and each connection preparing
  // its statements, not the steady state (in a fresh API process the first 5 s run of a swap
  // measured 15-20% below the next two). A write spread over the investors first writes to each of
  // them once: right after the data set's checkpoint, an investor's first write puts whole pages in
  // the WAL and reads their wallet ids, which a live database pays once per investor per checkpoint
  // (README, Performance, "What changed"). A read the API keeps per investor (db/change-feed.ts)
  // first reads each of them once: a live process reads an investor's first request of the last
  // minute, and at the bench's rate its runs would otherwise spend their first seconds doing so.
  const warm = await autocannon({
    connections,
    ...('seconds' in warmUp ? { duration: warmUp.seconds } : { amount: warmUp.requests }),
    ...options,
  });
  const pass =
    'requests' in warmUp
      ? { rps: Math.round(warm.requests.total / warm.duration), p50: warm.latency.p50, p99: warm.latency.p99 }
      : undefined;
  if (pass) {
    console.log(
      `  ${name}, the pass over the investors before it (not counted): ${pass.rps} req/s, p50 ${pass.p50} ms, p99 ${pass.p99} ms`,
    );
    // Its baseline warms up too: pgbench's first run after the checkpoint writes its pages whole as well.
    if (pairing?.warmsUp) await pairing.runOnce();
  }
  let spent = nothingSpent;
  for (let run = 0; run < runs; run += 1) {
    if (pairing) baselineRuns.push(await pairing.runOnce());
    const before = cpuSnapshot(pids);
    samples.push(await autocannon({ connections, duration: seconds, ...options }));
    spent = addSpent(spent, before, cpuSnapshot(pids));
  }
  const cpu = cpuPerRequest(nothingSpent, spent, sum(samples.map((sample) => sample.requests.total)));
  const result = {
    name,
    rps: Math.round(median(samples.map((sample) => sample.requests.average))),
    p50: median(samples.map((sample) => sample.latency.p50)),
    p99: median(samples.map((sample) => sample.latency.p99)),
    errors: sum(samples.map((sample) => sample.errors + sample.non2xx)),
    cpu,
    from,
    to: new Date().toISOString(),
    ...(pass && { pass }),
    ...(pairing && {
      paired: {
        baseline: pairing.baseline,
        baselineRps: Math.round(median(baselineRuns)),
        ratio: pairedRatio(
          samples.map((sample) => sample.requests.average),
          baselineRuns,
        ),
      },
    }),
  };
  const pairedWith = result.paired
    ? `; ${result.paired.ratio.toFixed(3)}× of ${result.paired.baseline} run in turns (${baselineRuns.map(Math.round).join(', ')})`
    : '';
  console.log(
    `  ${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors; ` +
      `CPU per request: API ${cpu.apiUs} µs, PostgreSQL ${cpu.postgresUs} µs, autocannon ${cpu.loadUs} µs ` +
      `(machine ${cpu.machineBusyPercent}% busy) [${from.slice(11, 19)}–${result.to.slice(11, 19)} UTC]${pairedWith}`,
  );
  return result;
}

/** The bare node:http server runs in its own process, as the API does, so neither shares a thread with autocannon. */
export async function startBaselineServer() {
  const server = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('hello world')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [port] = (await once(server.stdout, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${port.toString().trim()}`;
  return {
    measure: () => measure('node:http baseline', { url }, { api: server.pid }),
    /** One run as long as a scenario's, for the scenarios measured in turns with it. */
    runOnce: async () => (await autocannon({ connections, duration: seconds, url })).requests.average,
    stop: async () => {
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    },
  };
}

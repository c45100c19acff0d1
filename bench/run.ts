import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServerProcess } from '../apps/api/test/server-process.ts';
import { repoRoot } from '../apps/api/src/config.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { writeDataset } from './dataset.ts';
import { checkBudgets, marketListPath, median, pairedRatio, printBudgets, ratioOf, type Measured } from './budgets.ts';
import { addSpent, cpuPerRequest, cpuSnapshot, nothingSpent } from './cpu.ts';
import { postgresEvents } from './postgres-events.ts';
import { lighthouseScores, writeStaticPage, type PageScore } from './lighthouse.ts';
import { steadyLoad, type SteadyRequest, type SteadyResult } from './steady.ts';

/**
 * `npm run bench`: the production build on the embedded PostgreSQL with 10,000 investors, measured
 * with autocannon (a 2 s warm-up, then 3 runs each, medians) beside a bare node:http server and pgbench's TPC-B on the
 * same machine. Prints a table and writes bench/results.json.
 */
const users = Number(process.env['BENCH_USERS'] ?? 10_000);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const connections = 32;
const runs = 3;
const warmUpSeconds = 2;
/** The steady rate, not a budget: about half of what this machine's two cores answer flat out. */
const steadyRate = 1000;
const benchPassword = 'bench passphrase 2026';
const swapBody = JSON.stringify({ amount: '1', from: 'cash', to: 'brokerage' });
const userIncludePath =
  '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount';

type Result = Measured;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The processes whose CPU time a measurement charges to its requests. */
type Pids = { api?: number; postgres?: number };

/** A scenario's baseline, run once before each of the scenario's runs (see pairedRatio). */
type Pairing = { baseline: string; runOnce: () => Promise<number>; warmsUp?: boolean };

/**
 * What a scenario sends before its measured runs, not counted: a few seconds, or for a request
 * spread over the investors that writes or is kept one request per investor (see measure).
 */
type WarmUp = { seconds: number } | { requests: number };

async function measure(
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
async function startBaselineServer() {
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

/** pgbench's TPC-B tables (scale 10) in their own database of the same PostgreSQL; undefined without pgbench. */
function preparePgbench(adminUrl: string): string | undefined {
  const found = spawnSync('pgbench', ['--version']).status === 0;
  if (!found && process.getuid?.() === 0)
    spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql-client', 'postgresql-15'], { stdio: 'inherit' });
  if (spawnSync('pgbench', ['--version']).status !== 0) return undefined;
  const url = adminUrl.replace(/\/postgres$/, '/pgbench');
  execFileSync('psql', [adminUrl, '-qc', 'create database pgbench'], { stdio: 'ignore' });
  execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
  return url;
}

/** One TPC-B run of 8 clients, as long as a scenario's run. */
function pgbenchOnce(url: string): { tps: number; transactions: number } {
  // Its progress lines (the vacuum before each run) would break into the scenario lines.
  const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', String(seconds), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  return {
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0),
    transactions: Number(/transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** TPC-B's transactions per second on its own, and what one transaction costs PostgreSQL and pgbench in CPU time. */
function pgbench(url: string, postgresPid: number): { tps: number; postgresUs: number; pgbenchUs: number } {
  const tps: number[] = [];
  let transactions = 0;
  const before = cpuSnapshot({ postgres: postgresPid });
  for (let run = 0; run < runs; run += 1) {
    const once = pgbenchOnce(url);
    tps.push(once.tps);
    transactions += once.transactions;
  }
  const cpu = cpuPerRequest(before, cpuSnapshot({ postgres: postgresPid }), transactions);
  return { tps: Math.round(median(tps)), postgresUs: cpu.postgresUs, pgbenchUs: cpu.loadUs };
}

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

/**
 * The API pays savings interest for missed days once at start; when that run lands on the fresh
 * data set it would compete with the first measurements, so they wait for it to finish.
 */
async function waitForInterestCatchUp(client: pg.Client) {
  const started = performance.now();
  for (let quiet = 0; quiet < 2 && performance.now() - started < 180_000;) {
    const { rows } = await client.query<{ pending: number }>(
      `select count(*)::int as pending from pgboss.job where name = 'savings.interest' and state < 'completed'`,
    );
    quiet = rows[0]?.pending ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`  interest catch-up settled after ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  console.log('Building the production bundle…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(build.stderr);
  const signInKb = Number(/sign-in route JavaScript: ([\d.]+) KB/.exec(build.stdout + build.stderr)?.[1] ?? NaN);

  const webDistDir = path.join(repoRoot, 'apps/web/dist');
  await writeStaticPage(webDistDir);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-bench-'));
  const postgresLog = () => readFile(path.join(dataDir, 'db', 'postgres.log'), 'utf8').catch(() => '');
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'db'),
    database: 'itrust',
    // The data set ends with a checkpoint. With the default of 5 minutes the next one, timed, began
    // inside the measurements (about 8 minutes long), and every scenario after it ran beside its writes.
    // Every autovacuum logged: by default PostgreSQL logs only those over 10 minutes, and a run that listed
    // none had vacuumed five tables during its swaps (2026-11-25).
    settings: { checkpoint_timeout: '30min', log_autovacuum_min_duration: '0' },
  });
  const api = await startServerProcess(postgres.url, path.join(dataDir, 'api'), {
    WEB_DIST_DIR: webDistDir,
    MARKET_TICK_SECONDS: '5',
  });
  const helloServer = await startBaselineServer();
  try {
    // Before the data set, whose closing checkpoint then covers these tables too.
    console.log("Preparing pgbench's TPC-B tables…");
    const pgbenchUrl = preparePgbench(postgres.adminUrl('postgres'));
    console.log(`Writing ${users.toLocaleString('en-US')} investors with a year of history…`);
    const client = new pg.Client({ connectionString: postgres.url });
    client.on('error', () => undefined);
    await client.connect();
    const started = performance.now();
    const tokens = await writeDataset(client, users, await hashPassword(benchPassword));
    console.log(`  written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await waitForInterestCatchUp(client);
    await client.end();

    console.log('Measuring (3 runs each, medians)…');
    const baseline = await helloServer.measure();

    let next = 0;
    const anyToken = () => tokens[(next += 1) % tokens.length] ?? '';
    let keys = 0;
    const authed = (pathName: string, method = 'GET', body?: (token: string) => string, withKey = false) => ({
      url: api.url,
      requests: [
        {
          method: method as 'GET',
          path: pathName,
          setupRequest: (request: autocannon.Request) => {
            const token = anyToken();
            return {
              ...request,
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                accept: 'application/json',
                ...(withKey ? { 'idempotency-key': `bench-${process.pid}-${(keys += 1)}` } : {}),
              },
              ...(body ? { body: body(token) } : {}),
            };
          },
        },
      ],
    });
    const oneToken = tokens[0] ?? '';
    const apiPids = { api: api.child.pid, postgres: postgres.pid };
    // Each scenario with a ratio runs in turns with its baseline (pairedRatio): the machine's speed
    // drifts during a benchmark (node:http moved by 14% between the start and the end of one run).
    const nodeHttp: Pairing = { baseline: 'node:http', runOnce: helloServer.runOnce };
    const tpcbInTurns: Pairing | undefined =
      pgbenchUrl === undefined
        ? undefined
        : { baseline: 'pgbench TPC-B', runOnce: async () => pgbenchOnce(pgbenchUrl).tps, warmsUp: true };
    const measureApi = (
      name: string,
      options: autocannon.Options,
      pairing: Pairing | undefined = nodeHttp,
      warmUp?: WarmUp,
    ) => measure(name, options, apiPids, pairing, warmUp);
    const everyInvestor: WarmUp = { requests: tokens.length };
    const results = [
      await measureApi('GET /api/health', { url: `${api.url}/api/health` }),
      await measureApi(`GET ${marketListPath}`, { url: `${api.url}${marketListPath}` }),
      // Not a budget: the same list as the market screen shows an investor, with their stars (five each).
      await measureApi(`GET ${marketListPath}, signed in (spread)`, authed(marketListPath)),
      // Not a budget: the floor under every signed-in read, the kept token and the kept answer.
      await measureApi('GET /api/user, no include (spread)', authed('/api/user'), nodeHttp, everyInvestor),
      await measureApi('GET /api/user?include=… (spread)', authed(userIncludePath), nodeHttp, everyInvestor),
      await measureApi(
        'GET /api/user/analytics?timeframe=30d',
        authed('/api/user/analytics?timeframe=30d'),
        nodeHttp,
        everyInvestor,
      ),
      await measureApi(
        'POST swap (spread over users)',
        authed('/api/user/transaction/swap', 'POST', () => swapBody),
        tpcbInTurns,
        everyInvestor,
      ),
      // As the web app sends it: every money request carries an Idempotency-Key.
      await measureApi(
        'POST swap with Idempotency-Key (spread)',
        authed('/api/user/transaction/swap', 'POST', () => swapBody, true),
        tpcbInTurns,
        everyInvestor,
      ),
      await measureApi(
        'POST swap (one user)',
        {
          url: `${api.url}/api/user/transaction/swap`,
          method: 'POST',
          headers: { authorization: `Bearer ${oneToken}`, 'content-type': 'application/json' },
          body: swapBody,
        },
        tpcbInTurns,
      ),
      await measureApi(
        'POST /api/user/position/store',
        authed('/api/user/position/store', 'POST', () =>
          JSON.stringify({ asset_id: 1, quantity: '0.001', wallet: 'brokerage' }),
        ),
        nodeHttp,
        everyInvestor,
      ),
    ];
    // Not budgets: the user include and the swap at a steady rate below what the machine can take, the
    // latency an investor sees under that load rather than the queue of 32 connections sending flat out.
    const steadyOf = (method: 'GET' | 'POST', pathName: string, body?: string) => (): SteadyRequest => ({
      method,
      path: pathName,
      headers: { authorization: `Bearer ${anyToken()}`, 'content-type': 'application/json' },
      ...(body ? { body } : {}),
    });
    const measureSteady = async (name: string, next: () => SteadyRequest) => {
      await steadyLoad(api.url, next, steadyRate, warmUpSeconds);
      const samples: SteadyResult[] = [];
      for (let run = 0; run < runs; run += 1) samples.push(await steadyLoad(api.url, next, steadyRate, seconds));
      const result = {
        name,
        rps: median(samples.map((sample) => sample.rps)),
        p50: median(samples.map((sample) => sample.p50)),
        p99: median(samples.map((sample) => sample.p99)),
        errors: sum(samples.map((sample) => sample.errors)),
      };
      console.log(
        `  ${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
      );
      return result;
    };
    const steady = [
      await measureSteady(`GET /api/user?include=… at ${steadyRate} req/s`, steadyOf('GET', userIncludePath)),
      await measureSteady(
        `POST swap (spread) at ${steadyRate} req/s`,
        steadyOf('POST', '/api/user/transaction/swap', swapBody),
      ),
    ];
    // Measured again after the API scenarios: on a shared machine the baseline drifts, and the ratios with it.
    const baselineAfter = await helloServer.measure();
    const pages = await lighthouseScores(api.url, { login: 'bench1', password: benchPassword }, runs);
    const tpcb = pgbenchUrl ? pgbench(pgbenchUrl, postgres.pid) : undefined;
    const tps = tpcb?.tps;
    console.log(
      tpcb === undefined
        ? '  pgbench: not available'
        : `  pgbench TPC-B alone, 8 clients: ${tpcb.tps} tps; CPU per transaction: PostgreSQL ${tpcb.postgresUs} µs, pgbench ${tpcb.pgbenchUs} µs`,
    );

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
    const budgets = checkBudgets({ baseline, results, pgbenchTps: tps, signInKb, pages });
    printBudgets(budgets);
    const events = postgresEvents(await postgresLog());
    console.log("\nPostgreSQL's checkpoints and logged autovacuums (compare with each scenario's times above):");
    for (const event of events) console.log(`  ${event}`);
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
  } catch (error) {
    const log = await postgresLog();
    console.error(`The benchmark failed. The end of PostgreSQL's log:\n${log.slice(-3000)}`);
    throw error;
  } finally {
    await helloServer.stop();
    if (api.child.exitCode !== null) console.log(`The API stopped during the run:\n${api.output().slice(-3000)}`);
    await api.stop();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

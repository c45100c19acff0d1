import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { format, resolveConfig } from 'prettier';
import { repoRoot } from '../apps/api/src/config.ts';
import { checkBudgets } from './budgets.ts';
import { lighthouseScores } from './lighthouse.ts';
import { connections, measure, runs, seconds, startBaselineServer, users, type Pairing } from './measure.ts';
import { measureDay } from './mixed-day.ts';
import { measureTickFill } from './order-fill.ts';
import { measureScheduleSlot } from './schedule-slot.ts';
import { measureDividendPayment } from './dividend-payment.ts';
import { pgbench, pgbenchOnce, preparePgbench } from './pgbench.ts';
import { postgresEvents } from './postgres-events.ts';
import { performanceDoc, readmeSection, withReadmeSection, type Results } from './report.ts';
import { firstReads, moneyWrites, spreadOver } from './scenarios.ts';
import { measureSignIn } from './sign-in.ts';
import { startBenchStack } from './stack.ts';
import { get, marketListPath, password, transfer, visitScreens } from './trading-day.ts';

// Short runs set BENCH_OUT, so that bench/results.json, docs/performance.md and the README keep the full run.
const out = process.env['BENCH_OUT'];

/** Written as `prettier --check` (part of `npm run lint`) wants it: the tables aligned. */
async function writeFormatted(file: string, text: string) {
  await writeFile(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
}

function commit(): string {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim();
  const changed = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot }).toString().trim();
  return changed ? `${head} with uncommitted changes` : head;
}

/** `npm run bench`: the production build on its own PostgreSQL with `BENCH_USERS` investors, beside its baselines. */
async function main() {
  const { build, postgres, api, fixtures, postgresLog, stop } = await startBenchStack();
  const signInKb = Number(/sign-in route JavaScript: ([\d.]+) KB/.exec(build)?.[1] ?? NaN);
  const helloServer = await startBaselineServer();
  try {
    console.log("Preparing pgbench's TPC-B tables…");
    const pgbenchUrl = preparePgbench(postgres.adminUrl('postgres'));
    const { investors } = fixtures;
    const { url } = api;
    const pids = { api: api.child.pid, postgres: postgres.pid };

    console.log(`Measuring (${runs} runs each, medians)…`);
    const nodeHttp = await helloServer.measure();
    const inTurnsWithHttp: Pairing = { baseline: 'node:http', runOnce: helloServer.runOnce };
    const inTurnsWithTpcb: Pairing | undefined = pgbenchUrl
      ? { baseline: 'pgbench TPC-B', runOnce: async () => pgbenchOnce(pgbenchUrl).tps }
      : undefined;
    const market = await measure('market list', { url: `${url}${marketListPath}` }, pids, inTurnsWithHttp);
    // Every investor transfers, then each is read once: the read is the first after their write.
    const writeToEach = async () => {
      const pass = await autocannon({ connections, amount: investors.length, ...spreadOver(url, investors, transfer) });
      if (pass.non2xx + pass.errors) throw new Error(`${pass.non2xx + pass.errors} writes before a read failed`);
    };
    const reads = [];
    for (const [name, readPath] of Object.entries(firstReads))
      reads.push(
        await measure(name, spreadOver(url, investors, get(readPath)), pids, inTurnsWithHttp, {
          amount: investors.length,
          before: writeToEach,
        }),
      );
    const writes = [];
    for (const [name, call] of Object.entries(moneyWrites(fixtures)))
      writes.push(await measure(name, spreadOver(url, investors, call), pids, inTurnsWithTpcb));
    const day = await measureDay(url, visitScreens(fixtures.assets), investors);
    const tickFill = await measureTickFill(
      url,
      postgres.url,
      visitScreens(fixtures.assets),
      investors,
      fixtures.assets.at(-1) ?? { id: 1, symbol: 'AAPL' },
      // The highest rate the day held; the lowest it tried when none held.
      day.highestRate || Math.min(...day.search.map((step) => step.rate)),
    );
    const scheduleSlot = await measureScheduleSlot(
      url,
      postgres.url,
      visitScreens(fixtures.assets),
      investors,
      tickFill.rate,
    );
    const dividendPayment = await measureDividendPayment(
      url,
      postgres.url,
      visitScreens(fixtures.assets),
      investors,
      tickFill.rate,
    );
    const [other, ...signingIn] = investors;
    if (!other) throw new Error('no investors');
    const signIn = await measureSignIn(url, signingIn, other);
    const nodeHttpAfter = await helloServer.measure();
    const lighthouse =
      process.env['BENCH_LIGHTHOUSE'] === 'off'
        ? []
        : await lighthouseScores(url, { login: other.login, password }, runs);
    const tpcb = pgbenchUrl ? pgbench(pgbenchUrl, postgres.pid) : null;

    const measured = {
      nodeHttp,
      market,
      writes,
      firstReads: reads,
      day,
      tickFill,
      scheduleSlot,
      dividendPayment,
      signIn,
      signInKb,
    };
    const budgets = checkBudgets({ ...measured, pages: lighthouse });
    const results: Results = {
      date: new Date().toISOString(),
      commit: commit(),
      machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
      users,
      seconds,
      runs,
      connections,
      ...measured,
      nodeHttpAfter,
      tpcb,
      lighthouse,
      budgets,
      postgresEvents: postgresEvents(await postgresLog()),
    };
    const doc = performanceDoc(results);
    console.log(`\n${doc}`);
    await writeFile(out ?? path.join(repoRoot, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    if (!out) {
      await writeFormatted(path.join(repoRoot, 'docs/performance.md'), doc);
      const readme = path.join(repoRoot, 'README.md');
      await writeFormatted(readme, withReadmeSection(await readFile(readme, 'utf8'), readmeSection(results)));
    }
  } catch (error) {
    console.error(`The benchmark failed. The end of PostgreSQL's log:\n${(await postgresLog()).slice(-3000)}`);
    throw error;
  } finally {
    await helloServer.stop();
    await stop();
  }
}

await main();

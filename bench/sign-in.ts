import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '../apps/api/src/config.ts';
import { median, pairedRatio } from './stats.ts';
import { connections, autocannonMedians, perSecond, runs, seconds } from './measure.ts';
import { mediansOf, sendOnSchedule, type Latencies, type Planned } from './steady.ts';
import { spreadOver } from './scenarios.ts';
import { portfolioCalls, signIn, type Investor } from './trading-day.ts';

/** The API's own password check in a process of its own, as many at once as there are cores: checks a second. */
export async function argon2Once(): Promise<number> {
  const passwords = path.join(repoRoot, 'apps/api/src/lib/passwords.ts');
  const script = `
    const { hashPassword, verifyPassword } = await import(${JSON.stringify(passwords)});
    const hash = await hashPassword('x');
    let checks = 0;
    const end = performance.now() + ${seconds * 1000};
    await Promise.all(Array.from({ length: ${availableParallelism()} }, async () => {
      while (performance.now() < end) { await verifyPassword(hash, 'x'); checks += 1; }
    }));
    console.log(checks / ${seconds});`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return Number(stdout.trim());
}

function portfolioEvery(investor: Investor, everyMs: number): Planned[] {
  const plan: Planned[] = [];
  for (let at = 0; at < seconds * 1000; at += everyMs)
    for (const { request } of portfolioCalls(investor)) plan.push({ at, label: 'portfolio', request });
  return plan;
}

/**
 * Sign-in flat out (32 connections, each sign-in by the next investor) in turns with the argon2id
 * baseline, while another investor opens the portfolio screen every half second.
 */
export async function measureSignIn(url: string, investors: Investor[], other: Investor) {
  const baseline: number[] = [];
  const floods: autocannon.Result[] = [];
  const beside: Latencies[] = [];
  const signIns = spreadOver(url, investors, signIn);
  for (let run = 0; run < runs; run += 1) {
    baseline.push(await argon2Once());
    const [flood, portfolio] = await Promise.all([
      autocannon({ connections, duration: seconds, ...signIns }),
      sendOnSchedule(url, portfolioEvery(other, 500)),
    ]);
    floods.push(flood);
    beside.push(portfolio);
  }
  const result = {
    argon2PerSecond: Math.round(median(baseline)),
    ...autocannonMedians(floods),
    ratio: pairedRatio(floods.map(perSecond), baseline),
    /** Another investor opening the portfolio screen meanwhile, all its calls together. */
    portfolioBeside: mediansOf(beside),
  };
  console.log(
    `  sign-in: ${result.rps}/s (${result.ratio.toFixed(2)}× argon2id alone, ${baseline.map(Math.round).join(', ')}/s), ` +
      `p99 ${result.p99} ms, ${result.errors} errors; another investor's portfolio calls meanwhile: ` +
      `p50 ${result.portfolioBeside.p50} ms, p99 ${result.portfolioBeside.p99} ms, ${result.portfolioBeside.errors} errors`,
  );
  return result;
}

export type SignInMeasured = Awaited<ReturnType<typeof measureSignIn>>;

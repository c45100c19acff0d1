import { execFileSync, spawnSync } from 'node:child_process';
import { median, sum } from './stats.ts';
import { cpuPerRequest, cpuSnapshot } from './cpu.ts';
import { runs, seconds } from './measure.ts';

/** pgbench's TPC-B tables (scale 10) in their own database of the same PostgreSQL; undefined without pgbench. */
export function preparePgbench(adminUrl: string): string | undefined {
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
export function pgbenchOnce(url: string): { tps: number; transactions: number } {
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
export function pgbench(url: string, postgresPid: number): { tps: number; postgresUs: number; pgbenchUs: number } {
  const before = cpuSnapshot({ postgres: postgresPid });
  const done = Array.from({ length: runs }, () => pgbenchOnce(url));
  const transactions = sum(done.map((run) => run.transactions));
  const cpu = cpuPerRequest(before, cpuSnapshot({ postgres: postgresPid }), transactions);
  return { tps: Math.round(median(done.map((run) => run.tps))), postgresUs: cpu.postgresUs, pgbenchUs: cpu.loadUs };
}

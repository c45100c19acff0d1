import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time as Linux accounts it (/proc), per process group that a measurement involves: the API
 * process, PostgreSQL (the postmaster and every backend and helper under it) and the load generator
 * (this process, or a program it ran: pgbench). Divided by the requests answered, it says what one request costs each of them;
 * against the machine's cores, what throughput the machine could give at all.
 */
export type CpuSnapshot = { api: number; postgres: number; load: number; machineBusy: number; machineAll: number };
export type CpuPerRequest = { apiUs: number; postgresUs: number; loadUs: number; machineBusyPercent: number };

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * utime + stime of a process (all its threads), that of its children it has reaped (cutime +
 * cstime), and its parent pid; undefined once it has gone.
 */
function processTicks(pid: number): { ticks: number; reaped: number; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ticks: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
      parent: Number(fields[1]),
    };
  } catch {
    return undefined;
  }
}

/** A parent and its children, those still running and those gone (a backend closed by its client). */
function treeTicks(root: number): number {
  const parent = processTicks(root);
  let total = parent ? parent.ticks + parent.reaped : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = processTicks(Number(entry));
    if (child?.parent === root) total += child.ticks;
  }
  return total;
}

function machineTicks(): { busy: number; all: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/) ?? [];
  const values = fields.filter(Boolean).map(Number);
  const all = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: all - (values[3] ?? 0) - (values[4] ?? 0), all };
}

export function cpuSnapshot(pids: { api?: number; postgres?: number }): CpuSnapshot {
  // The load generator is this process, or a program it ran to completion (pgbench).
  const load = processTicks(process.pid);
  const machine = machineTicks();
  return {
    api: pids.api ? (processTicks(pids.api)?.ticks ?? 0) : 0,
    postgres: pids.postgres ? treeTicks(pids.postgres) : 0,
    load: load ? load.ticks + load.reaped : 0,
    machineBusy: machine.busy,
    machineAll: machine.all,
  };
}

/** Nothing spent yet: the start of a sum of measured intervals (addSpent). */
export const nothingSpent: CpuSnapshot = { api: 0, postgres: 0, load: 0, machineBusy: 0, machineAll: 0 };

/** What `spent` and the interval from `before` to `after` cost together, for runs with other work between them. */
export function addSpent(spent: CpuSnapshot, before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return {
    api: spent.api + after.api - before.api,
    postgres: spent.postgres + after.postgres - before.postgres,
    load: spent.load + after.load - before.load,
    machineBusy: spent.machineBusy + after.machineBusy - before.machineBusy,
    machineAll: spent.machineAll + after.machineAll - before.machineAll,
  };
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const microseconds = (ticks: number) => Math.round(((ticks / ticksPerSecond) * 1e6) / Math.max(requests, 1));
  return {
    apiUs: microseconds(after.api - before.api),
    postgresUs: microseconds(after.postgres - before.postgres),
    loadUs: microseconds(after.load - before.load),
    machineBusyPercent: Math.round(
      (100 * (after.machineBusy - before.machineBusy)) / Math.max(after.machineAll - before.machineAll, 1),
    ),
  };
}

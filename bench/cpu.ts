import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time as Linux accounts it (/proc) for each side of a measurement: the API process, PostgreSQL
 * (the postmaster and every process under it) and the load generator (this process, or pgbench it
 * ran), beside the machine's busy and total time.
 */
export type CpuSnapshot = { api: number; postgres: number; load: number; machineBusy: number; machineAll: number };
export type CpuPerRequest = { apiUs: number; postgresUs: number; loadUs: number; machineBusyPercent: number };

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;

/** utime + stime of a process, that of the children it has reaped, and its parent; undefined once it has gone. */
function processTicks(pid: number): { ticks: number; reaped: number; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [, parent = 0] = fields;
    return { ticks: (fields[11] ?? 0) + (fields[12] ?? 0), reaped: (fields[13] ?? 0) + (fields[14] ?? 0), parent };
  } catch {
    return undefined;
  }
}

/** A parent and its children, those still running and those gone (a backend closed by its client). */
function treeTicks(root: number): number {
  const parent = processTicks(root);
  let total = parent ? parent.ticks + parent.reaped : 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const child = processTicks(Number(entry));
    if (child?.parent === root) total += child.ticks;
  }
  return total;
}

export function cpuSnapshot(pids: { api?: number; postgres?: number }): CpuSnapshot {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).filter(Boolean) ?? [];
  const machine = fields.map(Number);
  const all = machine.reduce((total, value) => total + value, 0);
  const load = processTicks(process.pid);
  return {
    api: pids.api ? (processTicks(pids.api)?.ticks ?? 0) : 0,
    postgres: pids.postgres ? treeTicks(pids.postgres) : 0,
    load: load ? load.ticks + load.reaped : 0,
    // Busy is all but idle and iowait.
    machineBusy: all - (machine[3] ?? 0) - (machine[4] ?? 0),
    machineAll: all,
  };
}

/** Nothing spent yet: the start of a sum of measured intervals (addSpent). */
export const nothingSpent: CpuSnapshot = { api: 0, postgres: 0, load: 0, machineBusy: 0, machineAll: 0 };

/** What `spent` and the interval from `before` to `after` cost together, for runs with other work between them. */
export function addSpent(spent: CpuSnapshot, before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  const keys = Object.keys(spent) as (keyof CpuSnapshot)[];
  return Object.fromEntries(keys.map((key) => [key, spent[key] + after[key] - before[key]])) as CpuSnapshot;
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const microseconds = (key: keyof CpuSnapshot) =>
    Math.round((((after[key] - before[key]) / ticksPerSecond) * 1e6) / Math.max(requests, 1));
  return {
    apiUs: microseconds('api'),
    postgresUs: microseconds('postgres'),
    loadUs: microseconds('load'),
    machineBusyPercent: Math.round(
      (100 * (after.machineBusy - before.machineBusy)) / Math.max(after.machineAll - before.machineAll, 1),
    ),
  };
}

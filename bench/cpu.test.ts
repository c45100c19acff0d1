import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuPerRequest, cpuSnapshot } from './cpu.ts';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('CPU time per request', () => {
  it('charges a process the CPU time it spent, and not the time it slept', async () => {
    const burner = spawn(process.execPath, [
      '-e',
      'const t = Date.now() + 600; while (Date.now() < t); setTimeout(() => {}, 60000)',
    ]);
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = { burner: cpuSnapshot({ api: burner.pid }), sleeper: cpuSnapshot({ api: sleeper.pid }) };
      await new Promise((resolve) => setTimeout(resolve, 900));
      // 100 "requests": the burner spun for the rest of its 600 ms, a few ms per request.
      const burned = cpuPerRequest(before.burner, cpuSnapshot({ api: burner.pid }), 100).apiUs;
      const slept = cpuPerRequest(before.sleeper, cpuSnapshot({ api: sleeper.pid }), 100).apiUs;
      expect(burned).toBeGreaterThan(1_000);
      expect(burned).toBeLessThan(7_000);
      expect(slept).toBeLessThan(200);
    } finally {
      burner.kill();
      sleeper.kill();
      await Promise.all([once(burner, 'exit'), once(sleeper, 'exit')]);
    }
  });

  it('counts the whole tree under a parent, children running and children gone, as PostgreSQL runs its backends', async () => {
    const burn = (ms: number, then: string) => `const t = Date.now() + ${ms}; while (Date.now() < t); ${then}`;
    const child = (code: string) =>
      `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(code)}], { stdio: 'inherit' });`;
    const parent = spawn(process.execPath, [
      '-e',
      `${child(burn(400, 'setTimeout(() => {}, 3000)'))} ${child(burn(400, 'process.exit(0)'))} setTimeout(() => {}, 60000)`,
    ]);
    try {
      const before = cpuSnapshot({ postgres: parent.pid });
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const perRequest = cpuPerRequest(before, cpuSnapshot({ postgres: parent.pid }), 1);
      // Two children of 400 ms each (less what they burned before the first snapshot).
      expect(perRequest.postgresUs).toBeGreaterThan(550_000);
      expect(perRequest.apiUs).toBe(0);
    } finally {
      parent.kill();
      await once(parent, 'exit');
    }
  });

  it('charges the load generator, this process, what it spends', () => {
    const before = cpuSnapshot({});
    busyFor(200);
    const { loadUs, machineBusyPercent } = cpuPerRequest(before, cpuSnapshot({}), 1);
    expect(loadUs).toBeGreaterThan(150_000);
    expect(machineBusyPercent).toBeGreaterThan(0);
  });
});

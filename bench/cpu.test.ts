import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuPerRequest, cpuSnapshot } from './cpu.ts';

/** Spins until this process has spent `ms` of CPU time: a busy machine stretches the clock, not this. */
const busyFor = (ms: number) => {
  const started = process.cpuUsage();
  for (let used = process.cpuUsage(started); used.user + used.system < ms * 1000; used = process.cpuUsage(started));
};

describe('CPU time per request', () => {
  it('charges a process the CPU time it spent, and not the time it slept', async () => {
    const burner = spawn(process.execPath, [
      '-e',
      'for (let used = process.cpuUsage(); used.user + used.system < 600_000; used = process.cpuUsage()); setTimeout(() => {}, 60000)',
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
    // Each child burns 400 ms of its own CPU time (not of the clock, which a busy machine stretches), then says so.
    const burn = (then: string) =>
      `for (let used = process.cpuUsage(); used.user + used.system < 400_000; used = process.cpuUsage()); process.stdout.write('burned\\n'); ${then}`;
    const child = (code: string) =>
      `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(code)}], { stdio: 'inherit' });`;
    const parent = spawn(process.execPath, [
      '-e',
      `${child(burn('setTimeout(() => {}, 60000)'))} ${child(burn('process.exit(0)'))} setTimeout(() => {}, 60000)`,
    ]);
    try {
      const before = cpuSnapshot({ postgres: parent.pid });
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      while (output.split('burned').length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      // The second child has exited, or is exiting; its time counts once it has been reaped.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const perRequest = cpuPerRequest(before, cpuSnapshot({ postgres: parent.pid }), 1);
      // Two children of 400 ms each, less what they burned before the first snapshot.
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

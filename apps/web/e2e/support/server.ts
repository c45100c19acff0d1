import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export type RunningApp = { url: string; process: ChildProcess; output: () => string; readyAfterMs: number };

type StartOptions = { until?: RegExp; timeoutMs?: number };

/**
 * Runs `npm start` exactly as a person would, in its own process group so a test can send the
 * group a Ctrl-C (SIGINT) like a terminal does.
 */
export const npmStart = (env: Record<string, string>, options: StartOptions = {}) =>
  startInGroup('npm start', 'npm', ['start'], env, options);

/**
 * Runs the server as `npm start` ends up doing (the project's Node on apps/api/src/server.ts),
 * without the npm and build-check processes before it: for the journeys that test the app rather
 * than `npm start`. The e2e run builds the web app once before its files start (build-once.ts).
 */
export const appStart = (env: Record<string, string>, options: StartOptions = {}) =>
  startInGroup(
    'the app',
    path.join(repoRoot, 'node_modules/.bin/node'),
    ['apps/api/src/server.ts'],
    // Node keeps the compiled modules between the journeys' starts (keyed by each file's content).
    { NODE_COMPILE_CACHE: path.join(tmpdir(), 'itrust-e2e-compile-cache'), ...env },
    options,
  );

async function startInGroup(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  { until = /ready at (http:\/\/\S+)/, timeoutMs = 120_000 }: StartOptions,
): Promise<RunningApp> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      const match = until.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
  return { url, process: child, output: () => output, readyAfterMs: performance.now() - started };
}

/** Waits for a line the app prints after it is ready (the demo sign-in, for example). */
export async function waitForOutput(
  app: Pick<RunningApp, 'output'>,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<RegExpExecArray> {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    const match = pattern.exec(app.output());
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the app did not print ${pattern} within ${timeoutMs} ms:\n${app.output()}`);
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** Sends Ctrl-C to the whole process group and waits until `npm start` (if any) and the app have exited. */
export async function pressCtrlC(app: RunningApp, timeoutMs = 30_000): Promise<Exit> {
  const { exitCode, signalCode } = app.process;
  if (exitCode !== null || signalCode !== null) return { code: exitCode, signal: signalCode };
  const exited = new Promise<Exit>((resolve) => app.process.once('close', (code, signal) => resolve({ code, signal })));
  process.kill(-(app.process.pid ?? 0), 'SIGINT');
  const timer = setTimeout(() => process.kill(-(app.process.pid ?? 0), 'SIGKILL'), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}

/** Sends SIGTERM to the `npm start` process alone, as a process manager does, and waits for it to exit. */
export async function terminate(app: RunningApp, timeoutMs = 30_000): Promise<Exit> {
  const exited = new Promise<Exit>((resolve) => app.process.once('close', (code, signal) => resolve({ code, signal })));
  app.process.kill('SIGTERM');
  const timer = setTimeout(() => process.kill(-(app.process.pid ?? 0), 'SIGKILL'), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}

/** PostgreSQL server processes whose command line names the given data directory. */
export function postgresProcessesFor(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return command.includes('postgres') && command.includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/config.ts';

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * `node apps/api/src/server.ts` as production runs it, on a database of the test's choosing and a
 * free port; resolves once it prints its ready line.
 */
export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: 'server-process-test-secret-0123456789abcdef',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEPOSIT_BANK_MIN: '1',
      WITHDRAWAL_MIN: '1',
      RATE_LIMIT_PER_MINUTE: '1000000',
      CONNECTIONS_PER_ADDRESS: '10000',
      // Node keeps the compiled modules between the many starts of a crash test (keyed by content).
      NODE_COMPILE_CACHE: path.join(tmpdir(), 'itrust-test-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API was not ready within 60 s:\n${output}`)), 60_000);
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

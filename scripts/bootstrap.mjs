// Entry point of `npm start` and `npm test`. Runs on any Node >= 18: installs the dependencies
// (which bring the project's own Node 24) when they are missing or older than the lockfile,
// then hands over to the given npm script, which finds Node 24 first on its PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = process.argv[2];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function installIsCurrent() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const projectNode = path.join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(installed) || !existsSync(projectNode)) return false;
  return statSync(installed).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs;
}

if (!installIsCurrent()) {
  console.error('Installing dependencies (first run, or the lockfile changed)…');
  const command = existsSync(path.join(root, 'node_modules')) ? 'install' : 'ci';
  const result = spawnSync(npm, [command, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('Installing dependencies failed; see the npm output above.');
    process.exit(result.status ?? 1);
  }
}

const child = spawn(npm, ['run', '--silent', script, '--', ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
// Pass stop signals on: a terminal's Ctrl-C reaches the app too, and it stops only once however often asked.
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of stopSignals) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 0);
  // Ended by a signal: end the same way, so the shell (and npm above us) sees what happened.
  for (const stopSignal of stopSignals) process.removeAllListeners(stopSignal);
  process.kill(process.pid, signal);
});

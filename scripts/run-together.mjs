// Runs npm scripts at the same time and fails if any fails. The linter and the type checker each
// use one core for over a minute; side by side they use both.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => resolve({ script, code, output }));
      }),
  ),
);
// Each script's output in one piece, in the order given, so that two logs never interleave.
for (const { script, code, output } of results) {
  process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
}
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);

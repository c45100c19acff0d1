// Builds the web app when its sources are newer than the last build, so a second start is fast.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const web = path.join(root, 'apps/web');
// The web app's sources, and every file beside them (index.html, the Vite config and the build's own plugins).
const sources = [
  'apps/web/src',
  'apps/web/public',
  ...readdirSync(web)
    .filter((name) => statSync(path.join(web, name)).isFile())
    .map((name) => `apps/web/${name}`),
  'packages/contracts/src',
  'package-lock.json',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const inside = statSync(target).isDirectory() ? readdirSync(target, { recursive: true }) : [];
  return Math.max(...[target, ...inside.map((name) => path.join(target, name))].map((file) => statSync(file).mtimeMs));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.error('Building the web app…');
  // Always a production bundle, even when started under a test runner that sets NODE_ENV=test.
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

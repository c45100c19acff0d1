// The end-to-end tests drive Debian's Chromium. Install it when it is missing and we may (root);
// never download a browser build of our own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromiumPath}. Install Debian's package: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.error("Installing Debian's chromium package for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', '--no-install-recommends', 'chromium'])) {
    console.error('Installing chromium failed.');
    process.exit(1);
  }
}

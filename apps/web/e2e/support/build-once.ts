import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds the web app if its sources changed since the last build, once before the browser files,
 * as `npm start` would before each of them: the journeys start the server directly.
 */
export default function setup() {
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const result = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web app failed; see the output above');
}

import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vitest/config';

const require = createRequire(import.meta.url);

// The tests load drizzle-orm as the server does (apps/api/src/lib/drizzle-commonjs.ts): its CommonJS build.
const drizzleAsCommonJs: Plugin = {
  name: 'drizzle-as-commonjs',
  enforce: 'pre',
  resolveId: (id) => (id === 'drizzle-orm' || id.startsWith('drizzle-orm/') ? require.resolve(id) : null),
};

export default defineConfig({
  test: {
    // Vitest leaves one core free by default; the API's files mostly wait on PostgreSQL, so two share the machine's two cores.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/lib/**/*.test.ts',
            'apps/api/src/modules/market/history.test.ts',
            'bench/**/*.test.ts',
            'eslint/**/*.test.js',
            'apps/web/src/**/*.test.ts',
          ],
          exclude: ['bench/steady.test.ts'],
        },
      },
      {
        // These measure latency on this machine, so they run alone, after the files that share the cores.
        test: {
          name: 'timed',
          include: ['bench/steady.test.ts', 'apps/api/src/modules/portfolio/analytics-scale.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [drizzleAsCommonJs],
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [
            'apps/api/src/lib/**',
            'apps/api/src/modules/market/history.test.ts',
            'apps/api/src/modules/portfolio/analytics-scale.test.ts',
          ],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts', 'apps/web/e2e/support/build-once.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A browser waits on an app and a database sharing two cores; one second is too short a wait for a screen to settle.
          expect: { poll: { timeout: 10_000 } },
          // The browser journeys start after the other projects, so no other file competes for their time.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

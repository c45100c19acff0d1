import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const run = promisify(execFile);
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

type LintProblem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };
type Operation = { security?: unknown[]; responses?: Record<string, { content?: unknown }> };

let testApp: TestApp;
let document: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  testApp = await createTestApp();
  document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => testApp.close());

describe('the OpenAPI document', () => {
  it('passes Redocly CLI lint with its recommended rules', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'itrust-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      // The CLI exits non-zero when it finds an error; its JSON report is what the test reads either way.
      const output = await run(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], {
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: unknown) => error as { stdout: string });
      const report = JSON.parse(output.stdout) as { problems: LintProblem[] };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says how each operation is signed in to and what its success responds', () => {
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${route}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(70);
    const unsecured = operations.filter(({ operation }) => !operation.security);
    expect(unsecured.map(({ name }) => name)).toEqual([]);
    const undescribed = operations.filter(
      ({ operation }) =>
        !Object.entries(operation.responses ?? {}).some(([code, response]) => code.startsWith('2') && response.content),
    );
    expect(undescribed.map(({ name }) => name)).toEqual([]);
    expect(document.paths['/api/health']?.['get']?.security).toEqual([]);
    expect(document.paths['/api/user/transaction/swap']?.['post']?.security).toEqual([{ bearer: [] }]);
  });
});

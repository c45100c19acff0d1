import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

it('answers 200 when the database answers', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ status: 'success', data: { database: 'up' } });
});

it('answers 503 when the database does not', async () => {
  const unreachable = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none');
  const app = await buildApp({ ...testApp.dependencies, db: unreachable });
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  await app.close();
  await unreachable.$client.end();
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ status: 'error', message: 'The database is not reachable.' });
});

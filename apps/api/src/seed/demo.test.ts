import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedDemoUsers } from './demo.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

it('creates the demo investor once, on a database without users, with a password that signs in', async () => {
  const demo = await seedDemoUsers(testApp.database.db, testApp.config.dataDir);
  expect(demo?.email).toBe('demo@example.com');
  expect(demo?.password).toMatch(/^[a-z]+(-[a-z]+){3}$/);
  expect(await readFile(demo?.file ?? '', 'utf8')).toContain(demo?.password);
  expect(await seedDemoUsers(testApp.database.db, testApp.config.dataDir)).toBeUndefined();

  const signIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: 'demo@example.com', password: demo?.password },
  });
  expect(signIn.statusCode).toBe(200);
  expect(signIn.json().data.user).toMatchObject({
    kyc: 'pending',
    two_fa_activated_at: null,
    email_verified_at: expect.any(String),
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { buildApp, type App } from '../app.ts';
import { authOf, wholeUserOf } from './auth.ts';

let testApp: TestApp;
let app: App;
let user: SignedUpUser;

beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUp(testApp, { verified: true });
  app = await buildApp(testApp.dependencies);
  app.get('/api/user/test-access', { config: { access: 'verified' } }, async (request) => ({
    keys: Object.keys(authOf(request).user).sort(),
  }));
  app.get('/api/user/test-whole', { config: { access: 'verified', wholeUser: true } }, async (request) => ({
    email: wholeUserOf(request).email,
  }));
  app.get('/api/user/test-whole-undeclared', { config: { access: 'verified' } }, async (request) => ({
    email: wholeUserOf(request).email,
  }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testApp.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(user.token) });

it('gives a route what the access checks need of the user, and the whole user to a route that asks', async () => {
  expect((await get('/api/user/test-access')).json()).toEqual({
    keys: ['authenticatorAt', 'currency', 'emailVerifiedAt', 'hasPasskey', 'id', 'kyc', 'role'],
  });
  expect((await get('/api/user/test-whole')).json()).toEqual({ email: user.email });
});

it('fails a route that reads the whole user without asking for it', async () => {
  const response = await get('/api/user/test-whole-undeclared');
  expect(response.statusCode).toBe(500);
  expect(response.json().message).not.toContain('wholeUser');
});

it('refuses to start with an API route that declares no access level', async () => {
  const bare = await buildApp(testApp.dependencies);
  try {
    expect(() => bare.get('/api/user/undeclared', async () => ({}))).toThrow(
      'GET /api/user/undeclared declares no access level (config.access)',
    );
  } finally {
    await bare.close();
  }
});

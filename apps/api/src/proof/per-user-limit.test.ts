import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';

/**
 * A signed-in user gets one allowance of requests a minute however many addresses they use: a
 * stolen token spread over many addresses is throttled like one client.
 */
let testApp: TestApp;
let user: SignedUpUser;
let neighbour: SignedUpUser;

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '30', RATE_LIMIT_PER_USER_PER_MINUTE: '8' });
  user = await signUp(testApp, { verified: true });
  neighbour = await signUp(testApp, { verified: true });
});
afterAll(() => testApp.close());

const read = (token: string | undefined, address: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/user/notifications',
    remoteAddress: address,
    ...(token ? { headers: bearer(token) } : {}),
  });

it('throttles one token used from 16 addresses after the per-user limit, and no one else', async () => {
  const addresses = Array.from({ length: 16 }, (_, index) => `198.51.100.${index + 1}`);
  const statuses = [];
  for (const address of addresses) statuses.push((await read(user.token, address)).statusCode);
  // Signing up already spent part of the user's allowance with the same token.
  const served = statuses.filter((status) => status === 200).length;
  expect(served).toBeGreaterThanOrEqual(5);
  expect(served).toBeLessThanOrEqual(8);
  expect(statuses).toEqual([...Array<number>(served).fill(200), ...Array<number>(16 - served).fill(429)]);

  const refused = await read(user.token, '203.0.113.9');
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json()).toEqual({ status: 'error', message: 'Too many requests. Please try again later.' });

  // The same addresses still serve another user, and anyone without a token.
  expect((await read(neighbour.token, addresses[0] ?? '')).statusCode).toBe(200);
  expect((await read(undefined, addresses[1] ?? '')).statusCode).toBe(401);
});

it('defaults the per-user limit to the per-address one', async () => {
  const defaults = await createTestApp({ RATE_LIMIT_PER_MINUTE: '42' });
  try {
    expect(defaults.config.rateLimitPerUserPerMinute).toBe(42);
  } finally {
    await defaults.close();
  }
});

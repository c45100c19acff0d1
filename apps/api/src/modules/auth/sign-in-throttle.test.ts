import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp } from '../../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const login = (loginName: string, password: string, remoteAddress: string, deviceId?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: loginName, password },
    remoteAddress,
    ...(deviceId ? { headers: { 'x-device-id': deviceId } } : {}),
  });
const alertSubject = 'Failed sign-ins on your Itrust account';

describe('wrong passwords from other addresses', () => {
  it('refuse only the guessing address: the owner elsewhere signs in with the emailed code, told once', async () => {
    const user = await signUp(testApp, { verified: true });
    const responses = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      responses.push((await login(user.email, `wrong ${attempt}`, '10.40.0.1')).statusCode);
    expect(responses).toEqual([...Array(10).fill(422), 429, 429]);
    for (let attempt = 0; attempt < 5; attempt += 1) await login(user.email, `other ${attempt}`, '10.40.0.2');

    const fromGuesser = await login(user.email, user.password, '10.40.0.1');
    expect(fromGuesser.statusCode).toBe(429);
    expect(fromGuesser.json().message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');

    const fromOwner = await login(user.email, user.password, '10.40.0.3');
    expect(fromOwner.statusCode).toBe(200);
    expect(fromOwner.json().data.second_step).toBe(true);
    const waiting = fromOwner.json().data.token as string;
    const code = await testApp.outbox.code(user.email, 'sign-in code');
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/verify-two-fa',
      headers: bearer(waiting),
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);

    // Mail leaves in queue order: the code came after every alert the failures could have queued.
    const alerts = (await testApp.outbox.all()).filter(
      (mail) => mail.to === user.email && mail.subject === alertSubject,
    );
    expect(alerts).toHaveLength(1);
  });

  it('let a browser that signed in to the account before sign in as usual', async () => {
    const user = await signUp(testApp, { verified: true });
    const deviceId = `owner-browser-${user.username}`;
    expect((await login(user.email, user.password, '10.41.0.1', deviceId)).json().data.second_step).toBe(false);
    for (let attempt = 0; attempt < 10; attempt += 1) await login(user.email, `wrong ${attempt}`, '10.41.0.2');

    const known = await login(user.email, user.password, '10.41.0.3', deviceId);
    expect(known.statusCode).toBe(200);
    expect(known.json().data.second_step).toBe(false);
    const copied = await login(user.email, user.password, '10.41.0.3', 'a-browser-never-seen');
    expect(copied.json().data.second_step).toBe(true);

    clock.advance(15 * 60 * 1000 + 1000);
    const later = await login(user.email, user.password, '10.41.0.3', 'a-browser-never-seen');
    expect(later.json().data.second_step).toBe(false);
  });
});

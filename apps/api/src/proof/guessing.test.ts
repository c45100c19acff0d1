import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test/app.ts';
import { bearer, signInForCode, signUp, withTwoFactor } from '../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const minute = 60 * 1000;
const post = (url: string, payload: Record<string, unknown>, options: { token?: string; address?: string } = {}) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload,
    ...(options.token ? { headers: bearer(options.token) } : {}),
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('an attacker who knows the password guesses the emailed sign-in code', () => {
  it('30 wrong codes over 6 sign-ins: at most 10 are checked, and the right code after them is refused', async () => {
    const victim = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, victim);
    const statuses: number[] = [];
    for (let signInCount = 0; signInCount < 6; signInCount += 1) {
      const { token, code } = await signInForCode(testApp, victim);
      for (let guess = 0; guess < 5; guess += 1)
        statuses.push((await post('/api/user/verify-two-fa', { code: wrongCode(code) }, { token })).statusCode);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const { token, code } = await signInForCode(testApp, victim);
    const right = await post('/api/user/verify-two-fa', { code }, { token });
    expect(right.statusCode).toBe(429);
  });

  it('however the guesses are spaced, no more than 100 wrong codes are ever checked', async () => {
    const victim = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, victim);
    let checked = 0;
    for (let signInCount = 0; signInCount < 60; signInCount += 1) {
      const { token, code } = await signInForCode(testApp, victim);
      const response = await post('/api/user/verify-two-fa', { code: wrongCode(code) }, { token });
      if (response.statusCode === 403) break;
      if (response.statusCode === 422) checked += 1;
      for (let guess = 0; guess < 4 && response.statusCode === 422; guess += 1)
        if ((await post('/api/user/verify-two-fa', { code: wrongCode(code) }, { token })).statusCode === 422)
          checked += 1;
      clock.advance(8 * minute);
    }
    expect(checked).toBe(100);
    clock.advance(7 * 24 * 60 * minute);
    const { token, code } = await signInForCode(testApp, victim);
    expect((await post('/api/user/verify-two-fa', { code }, { token })).statusCode).toBe(403);
  });

  it('the reset code too is counted across codes: 10 wrong over two codes, then the right one is refused', async () => {
    const victim = await signUp(testApp, { verified: true });
    for (let request = 0; request < 2; request += 1) {
      clock.advance(31 * 1000);
      await post('/api/user/password/forgot', { email: victim.email });
      const code = await testApp.outbox.code(victim.email, 'password reset code');
      for (let guess = 0; guess < 5; guess += 1)
        await post('/api/user/password/verify', { email: victim.email, code: wrongCode(code) });
    }
    clock.advance(31 * 1000);
    await post('/api/user/password/forgot', { email: victim.email });
    const code = await testApp.outbox.code(victim.email, 'password reset code');
    expect((await post('/api/user/password/verify', { email: victim.email, code })).statusCode).toBe(429);
  });
});

describe('an attacker asks the reset endpoints which emails have an account', () => {
  it('gets byte-identical answers for a real account, with or without a code, and an unknown email', async () => {
    const real = await signUp(testApp, { verified: true });
    const unknown = `nobody.${real.username}@example.com`;
    const password = 'a brand new passphrase 77';
    const asks = [
      ['/api/user/password/verify', { code: '123456' }],
      ['/api/user/password/reset', { code: '123456', password, password_confirmation: password }],
    ] as const;
    const responsesFor = async (email: string) => {
      const responses = [];
      for (const [url, extra] of asks) {
        const response = await post(url, { email, ...extra });
        responses.push(`${response.statusCode} ${response.body}`);
      }
      return responses;
    };
    clock.advance(16 * minute);
    const forgotReal = await post('/api/user/password/forgot', { email: real.email });
    const forgotUnknown = await post('/api/user/password/forgot', { email: unknown });
    expect(`${forgotReal.statusCode} ${forgotReal.body}`).toBe(`${forgotUnknown.statusCode} ${forgotUnknown.body}`);
    const withCode = await responsesFor(real.email);
    clock.advance(11 * minute);
    const withoutCode = await responsesFor(real.email);
    const ghost = await responsesFor(unknown);
    expect(withCode).toEqual(ghost);
    expect(withoutCode).toEqual(ghost);
  });
});

describe('an attacker locks the owner out with wrong passwords', () => {
  it('is refused from its own address, while the owner signs in from another', async () => {
    const owner = await signUp(testApp, { verified: true });
    for (let guess = 0; guess < 20; guess += 1)
      await post('/api/user/login', { login: owner.email, password: `guess ${guess}` }, { address: '10.66.0.1' });
    const attacker = await post(
      '/api/user/login',
      { login: owner.email, password: owner.password },
      { address: '10.66.0.1' },
    );
    expect(attacker.statusCode).toBe(429);

    const fromOwner = await post(
      '/api/user/login',
      { login: owner.email, password: owner.password },
      { address: '10.77.0.1' },
    );
    expect(fromOwner.statusCode).toBe(200);
    const code = await testApp.outbox.code(owner.email, 'sign-in code');
    const token = fromOwner.json().data.token as string;
    expect((await post('/api/user/verify-two-fa', { code }, { token })).statusCode).toBe(200);
  });
});

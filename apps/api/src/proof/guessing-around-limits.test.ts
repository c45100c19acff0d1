import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test/app.ts';
import { bearer, signUp, withTwoFactor, type SignedUpUser } from '../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const minute = 60 * 1000;
const post = (url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  testApp.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (name: string, password: string, remoteAddress: string) =>
  post('/api/user/login', { login: name, password }, remoteAddress);
// Fullwidth forms of printable ASCII: NFKC turns them back into the plain letters.
const fullwidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('an attacker tells which accounts exist from the sign-in throttle', () => {
  it('sees the limit come after as many tries, mixing spellings, for a real and an unknown account', async () => {
    const real = await signUp(testApp, { verified: true });
    const spellings = (email: string) => [email, fullwidth(email), email.toUpperCase(), ` ${email} `];
    const statusesFor = async (email: string, address: string) => {
      const statuses = [];
      for (let attempt = 0; attempt < 16; attempt += 1)
        statuses.push((await login(spellings(email)[attempt % 4] ?? email, `guess ${attempt}`, address)).statusCode);
      return statuses;
    };
    const expected = [...Array<number>(10).fill(422), ...Array<number>(6).fill(429)];
    expect(await statusesFor(real.email, '10.90.0.1')).toEqual(expected);
    expect(await statusesFor(`nobody.${real.username}@example.com`, '10.90.0.2')).toEqual(expected);
    // A fullwidth username is another name (usernames are ASCII), for a real account as for an unknown one.
    const username = await statusesFor(real.username, '10.90.0.3');
    expect(username).toContain(429);
    expect(await statusesFor(`nobody_${real.username}`, '10.90.0.4')).toEqual(username);
  });
});

describe('an attacker on IPv6 moves to another address of its /64', () => {
  it('is counted as one client by the sign-in throttle', async () => {
    const owner = await signUp(testApp, { verified: true });
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push((await login(owner.email, `guess ${attempt}`, `2001:db8:90:1::${attempt + 1}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429, 429]);
    expect((await login(owner.email, owner.password, '2001:db8:90:1:ffff::9')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '2001:db8:90:2::1')).statusCode).toBe(200);
  });
});

describe('an attacker disables password reset for good with wrong codes', () => {
  it('is undone by the owner signing in with the password', async () => {
    const owner = await signUp(testApp, { verified: true });
    for (let round = 0; round < 10; round += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1)
        await post('/api/user/password/verify', { email: owner.email, code: '000000' }, '10.91.0.1');
      clock.advance(15 * minute + 1000);
    }
    expect((await post('/api/user/password/verify', { email: owner.email, code: '000000' })).statusCode).toBe(403);
    expect((await login(owner.email, owner.password, '10.91.0.2')).statusCode).toBe(200);
    await post('/api/user/password/forgot', { email: owner.email });
    const code = await testApp.outbox.code(owner.email, 'password reset code');
    expect((await post('/api/user/password/verify', { email: owner.email, code })).statusCode).toBe(200);
  });
});

describe('an attacker who knows the password locks both the sign-in code and reset codes for good', () => {
  const lockResetPermanently = async (email: string) => {
    for (let round = 0; round < 10; round += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1)
        await post('/api/user/password/verify', { email, code: '000000' }, '10.92.0.1');
      clock.advance(15 * minute + 1000);
    }
  };
  const lockSignInCodesPermanently = async (user: SignedUpUser) => {
    for (let round = 0; round < 20; round += 1) {
      const waiting = await login(user.email, user.password, '10.92.0.1');
      const token = waiting.json().data.token as string;
      await testApp.outbox.code(user.email, 'sign-in code');
      for (let attempt = 0; attempt < 5; attempt += 1)
        await testApp.app.inject({
          method: 'POST',
          url: '/api/user/verify-two-fa',
          payload: { code: '000000' },
          headers: bearer(token),
        });
      if (round % 2 === 1) clock.advance(15 * minute + 1000);
    }
  };

  it('still leaves the owner a way in: a reset link to the inbox, which lifts both locks', async () => {
    const owner = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, owner);
    await lockSignInCodesPermanently(owner);
    await lockResetPermanently(owner.email);
    const waiting = await login(owner.email, owner.password, '10.92.0.2');
    const signInCode = await testApp.outbox.code(owner.email, 'sign-in code');
    const secondStep = { method: 'POST', url: '/api/user/verify-two-fa', payload: { code: signInCode } } as const;
    const token = waiting.json().data.token as string;
    expect((await testApp.app.inject({ ...secondStep, headers: bearer(token) })).statusCode).toBe(403);

    await post('/api/user/password/forgot', { email: owner.email });
    const mail = await testApp.outbox.waitFor(owner.email, 'Reset your Itrust password');
    const link = /\/reset-password-link#token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const password = 'a brand new passphrase 77';
    const body = { password, password_confirmation: password };
    const altered = await post('/api/user/password/reset-link', { ...body, token: `${link.slice(0, -2)}AA` });
    expect(altered.statusCode).toBe(422);
    expect((await post('/api/user/password/reset-link', { ...body, token: link })).statusCode).toBe(200);
    expect((await post('/api/user/password/reset-link', { ...body, token: link })).statusCode).toBe(422);

    const again = await login(owner.email, password, '10.92.0.2');
    const code = await testApp.outbox.code(owner.email, 'sign-in code');
    const done = await testApp.app.inject({
      ...secondStep,
      payload: { code },
      headers: bearer(again.json().data.token as string),
    });
    expect(done.statusCode).toBe(200);
  });
});

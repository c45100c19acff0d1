import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signInForCode, signUp, type SignedUpUser, withTwoFactor } from '../../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const minute = 60 * 1000;
const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  testApp.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const lockedMessage = 'Too many wrong codes. Please try again in 15 minutes.';

const secondStep = (token: string, code: string) => post('/api/user/verify-two-fa', { code }, token);

/** Spends `count` wrong codes over as many sign-ins as the 5 tries of each code need. */
async function wrongSignInCodes(user: SignedUpUser, count: number) {
  for (let left = count; left > 0; left -= 5) {
    const { token, code } = await signInForCode(testApp, user);
    for (let attempt = 0; attempt < Math.min(5, left); attempt += 1)
      expect((await secondStep(token, wrongCode(code))).statusCode).toBe(422);
  }
}

describe('wrong sign-in codes, counted per account across codes', () => {
  it('lock the second step for 15 minutes after 10, even with a new code, and tell the owner', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    await wrongSignInCodes(user, 10);
    const { token, code } = await signInForCode(testApp, user);
    const locked = await secondStep(token, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(lockedMessage);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const alert = await testApp.outbox.waitFor(user.email, 'Wrong codes were entered');
    expect(alert.text).toContain('Someone entered 10 wrong sign-in codes in a row on your account.');

    clock.advance(15 * minute + 1000);
    const later = await signInForCode(testApp, user);
    expect((await secondStep(later.token, later.code)).statusCode).toBe(200);
  });

  it('are cleared only by a right code: a right password leaves them', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    await wrongSignInCodes(user, 9);
    const { token, code } = await signInForCode(testApp, user);
    expect((await secondStep(token, code)).statusCode).toBe(200);
    // The right code started the count again: 9 more wrong codes do not lock.
    await wrongSignInCodes(user, 9);
    const next = await signInForCode(testApp, user);
    expect((await secondStep(next.token, next.code)).statusCode).toBe(200);
  });

  it('lock the second step for good after 100 in a row, until a password reset', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    for (let round = 0; round < 10; round += 1) {
      await wrongSignInCodes(user, 10);
      clock.advance(15 * minute + 1000);
    }
    const { token, code } = await signInForCode(testApp, user);
    const locked = await secondStep(token, code);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(
      'Too many wrong codes: codes of this kind are locked for this account. Reset your password to unlock them.',
    );
    clock.advance(24 * 60 * minute);
    const nextDay = await signInForCode(testApp, user);
    expect((await secondStep(nextDay.token, nextDay.code)).statusCode).toBe(403);
    const alert = await testApp.outbox.waitFor(user.email, 'Wrong codes were entered', new Set());
    expect(alert.text).toContain('100 wrong sign-in codes');

    await post('/api/user/password/forgot', { email: user.email });
    const resetCode = await testApp.outbox.code(user.email, 'password reset code');
    const password = 'a brand new passphrase 77';
    const reset = await post('/api/user/password/reset', {
      email: user.email,
      code: resetCode,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode).toBe(200);
    const after = await signInForCode(testApp, { ...user, password });
    expect((await secondStep(after.token, after.code)).statusCode).toBe(200);
  });
});

describe('wrong email verification codes', () => {
  it('lock verification for 15 minutes after 10 in a row', async () => {
    const user = await signUp(testApp);
    const code = await testApp.outbox.code(user.email, 'email verification code');
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await post('/api/user/email/verify', { code: wrongCode(code) }, user.token)).statusCode).toBe(422);
    clock.advance(31 * 1000);
    expect((await post('/api/user/email/resend', {}, user.token)).statusCode).toBe(200);
    const fresh = await testApp.outbox.code(user.email, 'email verification code');
    const locked = await post('/api/user/email/verify', { code: fresh }, user.token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(lockedMessage);
    clock.advance(15 * minute);
    expect((await post('/api/user/email/resend', {}, user.token)).statusCode).toBe(200);
    const later = await testApp.outbox.code(user.email, 'email verification code');
    expect((await post('/api/user/email/verify', { code: later }, user.token)).statusCode).toBe(200);
  });
});

describe('wrong password reset codes', () => {
  it('lock reset for 15 minutes after 10, with the same responses for an email without an account', async () => {
    const user = await signUp(testApp, { verified: true });
    await post('/api/user/password/forgot', { email: user.email });
    const code = await testApp.outbox.code(user.email, 'password reset code');
    const responses = async (email: string, guess: string) => {
      const list = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await post('/api/user/password/verify', { email, code: guess });
        list.push([response.statusCode, response.body]);
      }
      return list;
    };
    const known = await responses(user.email, wrongCode(code));
    const unknown = await responses(`nobody.${user.username}@example.com`, wrongCode(code));
    expect(known).toEqual(unknown);
    expect(known[10]?.[0]).toBe(429);
    expect(JSON.parse(String(known[10]?.[1])).message).toBe(lockedMessage);
  });
});

describe('wrong password reset codes 100 times in a row', () => {
  const resetLocked =
    'Too many wrong codes: password reset is locked for this account. Sign in with your password to unlock it.';
  async function lockResetPermanently(email: string) {
    for (let round = 0; round < 10; round += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1)
        await post('/api/user/password/verify', { email, code: '000000' });
      clock.advance(15 * minute + 1000);
    }
  }
  async function resetWorks(user: SignedUpUser) {
    clock.advance(31 * 1000);
    await post('/api/user/password/forgot', { email: user.email });
    const code = await testApp.outbox.code(user.email, 'password reset code');
    return (await post('/api/user/password/verify', { email: user.email, code })).statusCode;
  }

  it('lock reset for good, until the owner signs in with the password', async () => {
    const user = await signUp(testApp, { verified: true });
    await lockResetPermanently(user.email);
    const locked = await post('/api/user/password/verify', { email: user.email, code: '000000' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(resetLocked);
    const seen = new Set<string>();
    const alerts = [];
    for (let lock = 0; lock < 10; lock += 1)
      alerts.push((await testApp.outbox.waitFor(user.email, 'Wrong codes were entered', seen)).text);
    expect(alerts.filter((text) => text.includes('signing in with it unlocks password reset'))).toHaveLength(1);

    const signedIn = await post('/api/user/login', { login: user.email, password: user.password });
    expect(signedIn.json().data.second_step).toBe(false);
    expect(await resetWorks(user)).toBe(200);
  });

  it('lock reset until the second step is done too, when one is asked', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    await lockResetPermanently(user.email);
    const { token, code } = await signInForCode(testApp, user);
    expect((await post('/api/user/password/verify', { email: user.email, code: '000000' })).statusCode).toBe(403);
    expect((await secondStep(token, code)).statusCode).toBe(200);
    expect(await resetWorks(user)).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp } from '../../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const minute = 60 * 1000;
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const verifyEmail = (token: string, code: string) => post('/api/user/email/verify', token, { code });
const emailCode = (email: string) => testApp.outbox.code(email, 'email verification code');
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email verification codes', () => {
  it('verifies the email with the emailed code', async () => {
    const user = await signUp(testApp);
    const response = await verifyEmail(user.token, await emailCode(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Email verified.');
    expect(response.json().data.user.email_verified_at).toBe(clock.now().toISOString());
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/transaction/fetch',
      headers: bearer(user.token),
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a wrong code, and a code that is not six digits', async () => {
    const user = await signUp(testApp);
    const code = await emailCode(user.email);
    const wrong = await verifyEmail(user.token, wrongCode(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'The code is incorrect.',
      errors: { code: ['The code is incorrect.'] },
    });
    expect((await verifyEmail(user.token, '12345')).json().message).toBe('Invalid OTP code!');
    expect((await verifyEmail(user.token, 'abcdef')).json().message).toBe('Invalid OTP code!');
  });

  it('accepts a code at 9 min 59 s and refuses it at 10 min 1 s', async () => {
    const early = await signUp(testApp);
    const earlyCode = await emailCode(early.email);
    const late = await signUp(testApp);
    const lateCode = await emailCode(late.email);
    clock.advance(9 * minute + 59 * 1000);
    expect((await verifyEmail(early.token, earlyCode)).statusCode).toBe(200);
    clock.advance(2 * 1000);
    const expired = await verifyEmail(late.token, lateCode);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('This code has expired. Request a new one.');
  });

  it('kills a code after 5 wrong tries: the sixth try fails even with the right code', async () => {
    const user = await signUp(testApp);
    const code = await emailCode(user.email);
    const responses = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      responses.push((await verifyEmail(user.token, wrongCode(code))).json().message);
    expect(responses.slice(0, 4)).toEqual(Array(4).fill('The code is incorrect.'));
    expect(responses[4]).toBe('The code is incorrect. It no longer works after 5 wrong tries: request a new one.');
    const sixth = await verifyEmail(user.token, code);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe('This code no longer works after 5 wrong tries. Request a new one.');
  });

  it('lets a code be used once', async () => {
    const user = await signUp(testApp, { verified: true });
    const again = await verifyEmail(user.token, '123456');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your email address is already verified.');
  });

  it('resends at most once per 30 s and five times per hour, with Retry-After', async () => {
    const user = await signUp(testApp);
    const first = await emailCode(user.email);
    const tooSoon = await post('/api/user/email/resend', user.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBe(30);
    expect(tooSoon.json().message).toBe('Please wait 30 seconds before asking for another code.');

    for (let resend = 0; resend < 4; resend += 1) {
      clock.advance(31 * 1000);
      const response = await post('/api/user/email/resend', user.token);
      expect(response.statusCode, `resend ${resend + 1}`).toBe(200);
      expect(response.json().message).toBe('Code resent.');
    }
    clock.advance(31 * 1000);
    const sixthInHour = await post('/api/user/email/resend', user.token);
    expect(sixthInHour.statusCode).toBe(429);
    expect(Number(sixthInHour.headers['retry-after'])).toBeGreaterThan(30 * 60);

    // Only the newest code works.
    for (
      let waited = 0;
      (await testApp.outbox.all()).filter((mail) => mail.to === user.email).length < 5;
      waited += 1
    ) {
      if (waited > 600) throw new Error('the resent codes did not all arrive');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const newest = await emailCode(user.email);
    expect((await verifyEmail(user.token, first)).statusCode).toBe(422);
    expect((await verifyEmail(user.token, newest)).statusCode).toBe(200);
  });
});

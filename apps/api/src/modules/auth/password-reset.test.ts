import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp } from '../../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const post = (url: string, payload: Record<string, unknown>) => testApp.app.inject({ method: 'POST', url, payload });
const forgot = (email: string) => post('/api/user/password/forgot', { email });
const resetCode = (email: string) => testApp.outbox.code(email, 'password reset code');
const newPassword = 'a brand new passphrase 77';

describe('password reset', () => {
  it('answers the same whether or not the email has an account', async () => {
    const user = await signUp(testApp, { verified: true });
    const known = await forgot(user.email);
    const unknown = await forgot('nobody.here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(
      'If an account exists for this email address, we have sent a password reset code to it.',
    );
    await resetCode(user.email);
    expect((await testApp.outbox.all()).some((mail) => mail.to === 'nobody.here@example.com')).toBe(false);
  });

  it('throttles requests per email address, known or not', async () => {
    const user = await signUp(testApp, { verified: true });
    clock.advance(31 * 1000);
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot('stranger@example.com')).statusCode).toBe(200);
    const knownAgain = await forgot(user.email);
    const unknownAgain = await forgot('stranger@example.com');
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(knownAgain.json()).toEqual(unknownAgain.json());
  });

  it('checks the code, sets the new password, revokes every token, and lets the code be used once', async () => {
    const user = await signUp(testApp, { verified: true });
    const otherSession = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { login: user.email, password: user.password },
      })
    ).json().data.token as string;
    clock.advance(31 * 1000);
    await forgot(user.email);
    const code = await resetCode(user.email);

    const wrong = await post('/api/user/password/verify', {
      email: user.email,
      code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.statusCode).toBe(422);
    const verified = await post('/api/user/password/verify', { email: user.email, code });
    expect(verified.json()).toMatchObject({ status: 'success', message: 'Code verified.' });

    const weak = await post('/api/user/password/reset', {
      email: user.email,
      code,
      password: 'qwerty123',
      password_confirmation: 'qwerty123',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual(['This password is too common. Choose one that is harder to guess.']);
    const mismatch = await post('/api/user/password/reset', {
      email: user.email,
      code,
      password: newPassword,
      password_confirmation: 'other',
    });
    expect(mismatch.json().message).toBe('Passwords do not match!');

    const reset = await post('/api/user/password/reset', {
      email: user.email,
      code,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password updated.');

    for (const token of [user.token, otherSession]) {
      expect((await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(
        401,
      );
    }
    const oldPassword = await post('/api/user/login', { login: user.email, password: user.password });
    expect(oldPassword.statusCode).toBe(422);
    const withNew = await post('/api/user/login', { login: user.email, password: newPassword });
    expect(withNew.statusCode).toBe(200);

    const reused = await post('/api/user/password/reset', {
      email: user.email,
      code,
      password: `${newPassword}!`,
      password_confirmation: `${newPassword}!`,
    });
    expect(reused.statusCode).toBe(422);
  });

  it('treats an unknown email like an account without a code: the same status and body', async () => {
    const user = await signUp(testApp, { verified: true });
    const unknown = `ghost.${user.username}@example.com`;
    for (const [url, extra] of [
      ['/api/user/password/verify', {}],
      ['/api/user/password/reset', { password: newPassword, password_confirmation: newPassword }],
    ] as const) {
      const real = await post(url, { email: user.email, code: '123456', ...extra });
      const ghost = await post(url, { email: unknown, code: '123456', ...extra });
      expect(real.statusCode, url).toBe(422);
      expect(ghost.statusCode, url).toBe(422);
      expect(ghost.body, url).toBe(real.body);
      expect(real.json().message).toBe('The code is incorrect or no longer works. Check it, or request a new one.');
    }
  });

  it('answers a real and an unknown email in the same time', async () => {
    const user = await signUp(testApp, { verified: true });
    const unknown = `ghost.${user.username}@example.com`;
    const timed = async (send: () => Promise<unknown>) => {
      const start = process.hrtime.bigint();
      await send();
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const reset = { code: '123456', password: newPassword, password_confirmation: newPassword };
    for (const [url, extra] of [
      ['/api/user/password/forgot', {}],
      ['/api/user/password/verify', { code: '123456' }],
      ['/api/user/password/reset', reset],
    ] as const) {
      const ratios: number[] = [];
      // Each round past the resend throttle and any lock of wrong codes, so every response does all its work. The
      // two of a round are compared with each other, so that a slower moment of the machine weighs on both alike.
      for (let round = 0; round < 43; round += 1) {
        clock.advance(16 * 60 * 1000);
        const took = { real: 0, ghost: 0 };
        const turns = [['real', user.email] as const, ['ghost', unknown] as const];
        for (const [who, email] of round % 2 === 0 ? turns : turns.reverse()) {
          took[who] = await timed(() => post(url, { email, ...extra }));
          // The work a forgot does after its response (the code, its mail) must not land in the next one's time.
          if (url.endsWith('forgot')) await new Promise((resolve) => setTimeout(resolve, 30));
        }
        if (round >= 3) ratios.push(took.real / took.ghost);
      }
      const ratio = median(ratios);
      expect(ratio, url).toBeGreaterThan(1 / 1.5);
      expect(ratio, url).toBeLessThan(1.5);
    }
  });

  it('requires the fields with their messages', async () => {
    const response = await post('/api/user/password/reset', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      email: ['email required!'],
      password: ['password required!'],
      password_confirmation: ['password_confirmation required!'],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, withTwoFactor } from '../../../test/fixtures.ts';
import { createTokens } from './tokens.ts';
import { watchQueries } from '../../../test/query-log.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const login = (loginName: string, password: string, remoteAddress = '10.0.0.1') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: loginName, password },
    remoteAddress,
  });
const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('POST /api/user/login', () => {
  it('signs in with the email or the username, in any letter case', async () => {
    const user = await signUp(testApp, { verified: true });
    for (const name of [user.email, user.username.toUpperCase()]) {
      const response = await login(name, user.password);
      expect(response.statusCode, name).toBe(200);
      expect(response.json().data.user.email).toBe(user.email);
      expect((await me(response.json().data.token)).statusCode).toBe(200);
    }
  });

  it('gives the same response for a wrong password and an unknown account', async () => {
    const user = await signUp(testApp);
    const wrong = await login(user.email, 'not the password at all');
    const unknown = await login('nobody@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('These credentials do not match our records.');
  });

  it('requires both fields with their messages', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/user/login', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ login: ['login required!'], password: ['password required!'] });
  });

  it('locks an account after 10 failures in 15 minutes, with Retry-After, even for the right password', async () => {
    const user = await signUp(testApp, { verified: true });
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await login(user.email, `wrong ${attempt}`)).statusCode).toBe(422);
    const locked = await login(user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('throttles an unknown account exactly like a real one', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) await login('ghost@example.com', `guess ${attempt}`, '10.0.0.2');
    const locked = await login('ghost@example.com', 'another guess', '10.0.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  });

  it('throttles one client address that tries many accounts, while others still sign in', async () => {
    const victim = await signUp(testApp, { verified: true });
    for (let attempt = 0; attempt < 50; attempt += 1)
      await login(`spray${attempt}@example.com`, 'Winter2026!', '10.6.6.6');
    const fromAttacker = await login(victim.email, victim.password, '10.6.6.6');
    expect(fromAttacker.statusCode).toBe(429);
    const fromVictim = await login(victim.email, victim.password, '10.7.7.7');
    expect(fromVictim.statusCode).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('gives a token that only finishes the second step, then swaps it for a full one', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const first = await login(user.email, user.password);
    expect(first.statusCode).toBe(200);
    const waiting = first.json().data.token as string;
    expect(first.json().data.user.two_fa_activated_at).not.toBeNull();

    const refused = await me(waiting);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Enter the sign-in code we emailed you first.');

    const code = await testApp.outbox.code(user.email, 'sign-in code');
    const wrong = await post('/api/user/verify-two-fa', waiting, { code: code === '000000' ? '000001' : '000000' });
    expect(wrong.statusCode).toBe(422);

    const verified = await post('/api/user/verify-two-fa', waiting, { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Login success.');
    const full = verified.json().data.token as string;
    expect(full).not.toBe(waiting);
    expect((await me(full)).statusCode).toBe(200);
    expect((await me(waiting)).statusCode).toBe(401);

    const reused = await post('/api/user/verify-two-fa', full, { code });
    expect(reused.statusCode).toBe(409);
  });

  it('refuses a reused code on a new sign-in', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const firstToken = (await login(user.email, user.password)).json().data.token as string;
    const code = await testApp.outbox.code(user.email, 'sign-in code');
    expect((await post('/api/user/verify-two-fa', firstToken, { code })).statusCode).toBe(200);
    const secondToken = (await login(user.email, user.password)).json().data.token as string;
    const reused = await post('/api/user/verify-two-fa', secondToken, { code });
    expect(reused.statusCode).toBe(422);
  });

  it('resends the code with the resend throttle', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const waiting = (await login(user.email, user.password)).json().data.token as string;
    await testApp.outbox.code(user.email, 'sign-in code');
    expect((await post('/api/user/resend-two-fa', waiting)).statusCode).toBe(429);
    clock.advance(31 * 1000);
    const resent = await post('/api/user/resend-two-fa', waiting);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('Code resent.');
    const newCode = await testApp.outbox.code(user.email, 'sign-in code');
    expect((await post('/api/user/verify-two-fa', waiting, { code: newCode })).statusCode).toBe(200);
  });

  it('lets a waiting token log out, and refuses the second step to a full token', async () => {
    const user = await signUp(testApp, { verified: true });
    const full = (await login(user.email, user.password)).json().data.token as string;
    expect((await post('/api/user/resend-two-fa', full)).statusCode).toBe(409);
    await withTwoFactor(testApp, user);
    const waiting = (await login(user.email, user.password)).json().data.token as string;
    expect((await post('/api/user/logout', waiting)).statusCode).toBe(200);
    expect((await post('/api/user/verify-two-fa', waiting, { code: '123456' })).statusCode).toBe(401);
  });
});

describe('tokens', () => {
  it('die on logout', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await post('/api/user/logout', user.token);
    expect(response.json()).toMatchObject({ status: 'success', message: 'Logged out.' });
    const after = await me(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 'error', message: 'Unauthenticated.' });
  });

  it('expire after 12 hours', async () => {
    const user = await signUp(testApp, { verified: true });
    clock.advance(12 * 60 * 60 * 1000 - 1000);
    expect((await me(user.token)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('are stored only as their SHA-256', async () => {
    const user = await signUp(testApp);
    const { rows } = await testApp.database.db.$client.query(
      "select encode(token_hash, 'hex') as hash from access_tokens where user_id = $1",
      [user.id],
    );
    const { createHash } = await import('node:crypto');
    expect(rows).toEqual([{ hash: createHash('sha256').update(user.token).digest('hex') }]);
  });

  it('bring what the access checks need of their user, or on request the whole user without the password hash', async () => {
    const user = await signUp(testApp, { verified: true });
    const tokens = createTokens(testApp.database.db, clock, testApp.config.tokenLifetimeMs);
    const access = await tokens.findActive(user.token);
    expect(access?.user).toEqual({
      id: user.id,
      role: 'investor',
      emailVerifiedAt: expect.any(Date),
      kyc: expect.any(String),
      authenticatorAt: null,
      hasPasskey: false,
      currency: expect.objectContaining({ code: expect.any(String) }),
    });
    const whole = await tokens.findActiveWhole(user.token);
    expect(whole?.user.id).toBe(user.id);
    expect(whole?.user.email).toBe(user.email);
    expect(whole?.user).not.toHaveProperty('passwordHash');
  });

  it('of requests arriving together are each read and answered for itself, a revoked one refused', async () => {
    const first = await signUp(testApp, { verified: true });
    const second = await signUp(testApp, { verified: true });
    const third = await signUp(testApp, { verified: true });
    const revoked = await signUp(testApp, { verified: true });
    await post('/api/user/logout', revoked.token);
    const queries = watchQueries(testApp.database.db);
    const callers = [first, second, third, first, revoked];
    const { result, queries: sent } = await queries.during(() =>
      Promise.all(callers.map(async (caller) => (await me(caller.token)).json())),
    );
    expect(result.map((response) => response.data?.user?.email ?? response.message)).toEqual([
      first.email,
      second.email,
      third.email,
      first.email,
      'Unauthenticated.',
    ]);
    const tokenReads = sent.filter((query) => query.text.includes('"access_tokens"."token_hash" = $1'));
    expect(tokenReads).toHaveLength(callers.length);
  });

  it('are refused when missing, malformed or unknown', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });
});

describe('GET /api/user', () => {
  it('answers the user at data.user with the requested includes', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      email: user.email,
      country: { name: 'United Kingdom', iso_code: 'GB' },
      state: { name: 'England' },
      city: { name: 'London' },
      currency: { code: 'USD', sign: '$' },
      wallet: { cash: { balance: '0.00' }, auto: { balance: '0.00' }, brokerage: { balance: '0.00' } },
      transactions: [],
      savings: [],
      deposit_account: {
        bank_account_number: expect.stringMatching(/^SAMPLE/),
        bank_name: expect.stringMatching(/^SAMPLE/),
      },
      withdrawal_account: null,
    });
  });

  it('rejects an unknown include with 422', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/user?include=wallet,password',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('Unknown include: password');
  });
});

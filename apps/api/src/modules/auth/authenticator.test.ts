import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { withAuthenticator } from '../../../test/authenticator.ts';
import { bearer, operatorWithEmailCodes, signUp, stepUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { base32Encode, totpFromBase32 } from '../../../test/totp.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import { authMessages } from '../../plugins/auth.ts';
import { authenticatorMessages } from './authenticator.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  testApp.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const setClock = (at: Date) => clock.advance(at.getTime() - clock.now().getTime());
const seconds = (count: number) => new Date(clock.now().getTime() + count * 1000);

/** Signs in with the password: the token waiting for the second step. */
async function waitingToken(user: SignedUpUser) {
  const response = await post('/api/user/login', { login: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toMatchObject({ second_step: true, second_step_method: 'authenticator' });
  return response.json().data.token as string;
}
const secondStep = async (user: SignedUpUser, code: string) =>
  post('/api/user/verify-two-fa', { code }, await waitingToken(user));

async function userWithAuthenticator() {
  const user = await signUp(testApp, { verified: true });
  await stepUp(testApp, user);
  return { user, ...(await withAuthenticator(testApp, user.token)) };
}

describe('an authenticator app as the second step', () => {
  it('signs in with the RFC 6238 SHA-1 test vectors (the last six digits)', async () => {
    const { user } = await userWithAuthenticator();
    const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));
    await testApp.database.db.$client.query(
      'update authenticators set secret = $1, last_step = null where user_id = $2',
      [sealSecret(testApp.dependencies.appSecret, 'totp', rfcSecret), user.id],
    );
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [time, eightDigits] of vectors) {
      setClock(new Date(time * 1000));
      const response = await secondStep(user, eightDigits.slice(2));
      expect(response.statusCode, `T = ${time}`).toBe(200);
    }
    setClock(new Date('2026-11-21T12:00:00Z'));
  });

  it('signs in with a code of an independent generator, once: a replayed code is refused', async () => {
    clock.advance(3600_000);
    const { user, secret } = await userWithAuthenticator();
    clock.advance(30_000);
    const code = totpFromBase32(secret, clock.now());
    const signedIn = await secondStep(user, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.token).toEqual(expect.any(String));
    expect(signedIn.json().data.user.authenticator_at).toEqual(expect.any(String));
    const replayed = await secondStep(user, code);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe(authenticatorMessages.reused);
  });

  it('lets only one of two parallel requests with the same code through', async () => {
    clock.advance(3600_000);
    const { user, secret } = await userWithAuthenticator();
    clock.advance(30_000);
    const [first, second] = [await waitingToken(user), await waitingToken(user)];
    const code = totpFromBase32(secret, clock.now());
    const responses = await Promise.all(
      [first, second].map((token) => post('/api/user/verify-two-fa', { code }, token)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('accepts one step of clock drift either way, and refuses two', async () => {
    clock.advance(3600_000);
    const { user, secret } = await userWithAuthenticator();
    clock.advance(120_000);
    for (const offset of [-60, 60]) {
      const refused = await secondStep(user, totpFromBase32(secret, seconds(offset)));
      expect(refused.statusCode, `${offset} s`).toBe(422);
      expect(refused.json().message).toBe(authenticatorMessages.wrong);
    }
    for (const offset of [-30, 30])
      expect((await secondStep(user, totpFromBase32(secret, seconds(offset)))).statusCode, `${offset} s`).toBe(200);
  });

  it('locks after 10 wrong codes in a row, like the emailed codes', async () => {
    clock.advance(3600_000);
    const { user, secret } = await userWithAuthenticator();
    clock.advance(30_000);
    const right = totpFromBase32(secret, clock.now());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const token = await waitingToken(user);
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await post('/api/user/verify-two-fa', { code: wrong }, token)).statusCode).toBe(422);
    const locked = await post('/api/user/verify-two-fa', { code: right }, token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Please try again in 15 minutes.');
    clock.advance(15 * 60_000 + 1000);
    expect((await secondStep(user, totpFromBase32(secret, clock.now()))).statusCode).toBe(200);
  });

  it('sends no emailed code, and refuses to resend one', async () => {
    clock.advance(3600_000);
    const { user } = await userWithAuthenticator();
    const token = await waitingToken(user);
    const resend = await post('/api/user/resend-two-fa', {}, token);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(authenticatorMessages.noResend);
    const mails = await testApp.outbox.all();
    expect(mails.filter((mail) => mail.to === user.email && mail.subject.includes('sign-in code'))).toEqual([]);
  });

  it('is removed with a current code (not with nothing), and sign-in no longer asks for it', async () => {
    clock.advance(3600_000);
    const { user, secret } = await userWithAuthenticator();
    clock.advance(30_000);
    const bare = await post('/api/user/authenticator/remove', {}, user.token);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().message).toBe(authenticatorMessages.proofNeeded);
    const removed = await post(
      '/api/user/authenticator/remove',
      { code: totpFromBase32(secret, clock.now()) },
      user.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.user.authenticator_at).toBeNull();
    const login = await post('/api/user/login', { login: user.email, password: user.password });
    expect(login.json().data).toMatchObject({ second_step: false, second_step_method: null });

    await testApp.outbox.waitFor(user.email, 'An authenticator app was set up');
    await testApp.outbox.waitFor(user.email, 'The authenticator app was removed');
    const { rows } = await testApp.database.db.$client.query(
      "select action from audit_log where operator_id = $1 and actor_kind = 'user' order by id",
      [user.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['authenticator.added', 'authenticator.removed']);
  });
});

describe('recovery codes', () => {
  const recover = async (user: SignedUpUser, code: string) =>
    post('/api/user/verify-two-fa/recovery', { code }, await waitingToken(user));

  it('are 10, each works once in place of the second step, and new ones kill the old', async () => {
    clock.advance(3600_000);
    const { user, recoveryCodes } = await userWithAuthenticator();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [first = '', second = '', third = ''] = recoveryCodes;
    expect((await recover(user, first)).statusCode).toBe(200);
    const again = await recover(user, first);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This recovery code is incorrect or has already been used.');
    expect((await recover(user, second.toUpperCase())).statusCode).toBe(200);
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/authenticator',
      headers: bearer(user.token),
    });
    expect(status.json().data.recovery_codes_left).toBe(8);

    const regenerated = await post('/api/user/recovery-codes', {}, user.token);
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect((await recover(user, third)).statusCode).toBe(422);
    expect((await recover(user, fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('cannot be made without an authenticator app', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await post('/api/user/recovery-codes', {}, user.token);
    expect(response.statusCode).toBe(409);
  });
});

describe('operators', () => {
  it('are refused the console with only emailed codes, and let in once an authenticator app is set up', async () => {
    clock.advance(3600_000);
    const token = await operatorWithEmailCodes(testApp);
    const openConsole = () =>
      testApp.app.inject({ method: 'GET', url: '/api/admin/audit?per_page=100', headers: bearer(token) });
    const refused = await openConsole();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(authMessages.operatorNeedsStrongMethod);
    expect(refused.json().message).toBe(
      'Operators must use an authenticator app or a passkey: set one up in Settings → Security.',
    );
    await withAuthenticator(testApp, token);
    expect((await openConsole()).statusCode).toBe(200);
  });
});

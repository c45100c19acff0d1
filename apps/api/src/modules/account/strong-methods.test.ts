import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { appNow, withAuthenticator } from '../../../test/authenticator.ts';
import {
  bearer,
  operatorWithEmailCodes,
  signInForCode,
  signUp,
  stepUp,
  withTwoFactor,
} from '../../../test/fixtures.ts';
import { signInWithPasskey, softAuthenticatorOf, withPasskey } from '../../../test/passkeys.ts';
import { totpFromBase32 } from '../../../test/totp.ts';
import { authMessages } from '../../plugins/auth.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

type Session = { email: string; token: string };
const confirmFirst = (action: string) => `Confirm it is you first: your second step is needed to ${action}.`;
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (token: string, url: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
const bank = {
  type: 'bank',
  label: 'New',
  account_number: '12345678',
  account_name: 'Ada Lovelace',
  bank_name: 'Babbage Bank',
  routing_number: '40-11-62',
  bank_address: '1 Analytical Row, London',
};

/** A second session of the user, signed in with the password alone: it has passed no second step. */
async function secondSession(user: { email: string; password: string }): Promise<Session> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: user.email, password: user.password },
  });
  expect(response.json().data.second_step).toBe(false);
  return { email: user.email, token: response.json().data.token as string };
}

function expectRefused(response: { statusCode: number; body: string }, action: string) {
  expect(response.statusCode, response.body).toBe(403);
  expect(JSON.parse(response.body)).toMatchObject({
    message: confirmFirst(action),
    errors: { step_up: [confirmFirst(action)] },
  });
}

describe('adding a passkey or an authenticator app', () => {
  it('asks for a recent second step to start adding a passkey, and to add it', async () => {
    const user = await signUp(testApp, { verified: true });
    expectRefused(await post(user.token, '/api/user/passkeys/options'), 'add a passkey');
    await stepUp(testApp, user);
    const started = await post(user.token, '/api/user/passkeys/options');
    expect(started.statusCode).toBe(200);
    const { credential } = softAuthenticatorOf(testApp).create(started.json().data.options);

    clock.advance(60_000);
    const other = await secondSession(user);
    expectRefused(await post(other.token, '/api/user/passkeys', { name: 'Phone', credential }), 'add a passkey');
    expect((await get(user.token, '/api/user/passkeys')).json().data.passkeys).toEqual([]);
    await stepUp(testApp, other);
    expect((await post(other.token, '/api/user/passkeys', { name: 'Phone', credential })).statusCode).toBe(201);
  });

  it('asks for a recent second step to start setting up an authenticator app, and to turn it on', async () => {
    const user = await signUp(testApp, { verified: true });
    expectRefused(await post(user.token, '/api/user/authenticator'), 'set up an authenticator app');
    await stepUp(testApp, user);
    const started = await post(user.token, '/api/user/authenticator');
    expect(started.statusCode).toBe(200);
    const code = totpFromBase32(started.json().data.secret as string, appNow(testApp));

    clock.advance(60_000);
    const other = await secondSession(user);
    expectRefused(await post(other.token, '/api/user/authenticator/confirm', { code }), 'set up an authenticator app');
    expect((await get(user.token, '/api/user/authenticator')).json().data.authenticator_at).toBeNull();
    await stepUp(testApp, other);
    const confirmed = await post(other.token, '/api/user/authenticator/confirm', {
      code: totpFromBase32(started.json().data.secret as string, appNow(testApp)),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('a passkey', () => {
  it('signing in alone is a fresh and strong second step: a new destination is added and usable at once', async () => {
    clock.advance(60_000);
    const user = await signUp(testApp, { verified: true });
    const passkey = await withPasskey(testApp, user);
    clock.advance(10 * 60_000);
    const token = await signInWithPasskey(testApp, passkey);
    const added = await post(token, '/api/user/payment-method', bank);
    expect(added.statusCode, added.body).toBe(201);
    const method = added.json().data.payment_method;
    expect(method.usable_at).toBe(method.created_at);
  });

  it('as the second step of a sign-in is a fresh and strong second step too', async () => {
    clock.advance(60_000);
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const passkey = await withPasskey(testApp, user);
    clock.advance(10 * 60_000);
    const { token: waiting } = await signInForCode(testApp, user);
    const options = (await post(waiting, '/api/user/verify-two-fa/passkey/options')).json().data.options;
    const credential = softAuthenticatorOf(testApp).get(passkey, options);
    const token = (await post(waiting, '/api/user/verify-two-fa/passkey', { credential })).json().data.token as string;
    const added = await post(token, '/api/user/payment-method', bank);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.payment_method.usable_at).toBe(added.json().data.payment_method.created_at);
  });
});

describe('operators', () => {
  const openConsole = (token: string) => get(token, '/api/admin/audit?per_page=1');

  it('with a passkey and no authenticator app are let in, and their user says they have one', async () => {
    clock.advance(60_000);
    const token = await operatorWithEmailCodes(testApp);
    const email = (await get(token, '/api/user')).json().data.user.email as string;
    expect((await openConsole(token)).statusCode).toBe(403);
    await withPasskey(testApp, { email, token });
    expect((await openConsole(token)).statusCode).toBe(200);
    expect((await get(token, '/api/user')).json().data.user).toMatchObject({
      authenticator_at: null,
      has_passkey: true,
    });
  });

  it('with only emailed codes are refused, and said how to set a strong method up', async () => {
    const token = await operatorWithEmailCodes(testApp);
    const refused = await openConsole(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(authMessages.operatorNeedsStrongMethod);
    expect((await get(token, '/api/user')).json().data.user).toMatchObject({ has_passkey: false });
  });

  it('with an authenticator app are let in', async () => {
    const token = await operatorWithEmailCodes(testApp);
    await withAuthenticator(testApp, token);
    expect((await openConsole(token)).statusCode).toBe(200);
  });
});

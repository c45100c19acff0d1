import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { withAuthenticator } from '../../../test/authenticator.ts';
import { bearer, signUp, stepUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { createSoftAuthenticator, type SoftPasskey } from '../../../test/passkey-authenticator.ts';
import { totpFromBase32 } from '../../../test/totp.ts';

/** A step-up with each second step the user has: the authenticator app, a recovery code, a passkey. */
const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
const softPasskeys = createSoftAuthenticator('http://localhost:3000');
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const steppedUp = 'Thank you: you can make security changes for the next 5 minutes.';
const confirmFirst = 'Confirm it is you first: your second step is needed to add a withdrawal destination.';
const post = (user: SignedUpUser, url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const bank = {
  type: 'bank',
  account_number: '12345678',
  account_name: 'Ada Lovelace',
  bank_name: 'Babbage Bank',
  routing_number: '40-11-62',
  bank_address: '1 Analytical Row, London',
};
/** Adds a destination: 403 without a fresh step-up; otherwise how long it waits before use, in ms. */
const addDestination = async (user: SignedUpUser) => {
  const response = await post(user, '/api/user/payment-method', bank);
  if (response.statusCode === 403) return response.json().message as string;
  expect(response.statusCode, response.body).toBe(201);
  const added = response.json().data.payment_method;
  return new Date(added.usable_at).getTime() - new Date(added.created_at).getTime();
};
const day = 24 * 60 * 60 * 1000;

/** A verified user with the authenticator app, on the step after the one that confirmed it. */
async function authenticatorUser() {
  clock.advance(3600_000);
  const user = await signUp(testApp, { verified: true });
  // Setting the app up is itself a risky change: the emailed code confirms it.
  await stepUp(testApp, user);
  const { secret, recoveryCodes } = await withAuthenticator(testApp, user.token);
  clock.advance(5 * 60_000);
  clock.advance(30_000);
  return { user, secret, recoveryCodes, code: () => totpFromBase32(secret, clock.now()) };
}

describe('a step-up with the authenticator app', () => {
  it('takes its current code once, and then new destinations need no wait', async () => {
    const { user, code } = await authenticatorUser();
    expect(await addDestination(user)).toBe(confirmFirst);
    const current = code();
    const confirmed = await post(user, '/api/user/security/step-up', { code: current });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(steppedUp);
    expect(await addDestination(user)).toBe(0);

    const replayed = await post(user, '/api/user/security/step-up', { code: current });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe(
      'This code has already been used. Wait for the next one in your authenticator app.',
    );
  });

  it('sends no emailed code, and an emailed code asked for before the app was set up does not stand in for it', async () => {
    clock.advance(3600_000);
    const user = await signUp(testApp, { verified: true });
    await stepUp(testApp, user);
    clock.advance(31_000);
    expect((await post(user, '/api/user/security/step-up/code')).statusCode).toBe(200);
    const emailed = await testApp.outbox.code(user.email, 'confirmation code');
    await withAuthenticator(testApp, user.token);
    clock.advance(5 * 60_000);

    const sent = await post(user, '/api/user/security/step-up/code');
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(
      'Your confirmation code comes from your authenticator app: open it to see the current code.',
    );
    const byEmail = await post(user, '/api/user/security/step-up', { code: emailed });
    expect(byEmail.statusCode).toBe(422);
    expect(byEmail.json().message).toBe('The code is incorrect. Enter the code your authenticator app shows now.');
    expect(await addDestination(user)).toBe(confirmFirst);
  });

  it('locks after 10 wrong codes in a row, like at sign-in', async () => {
    const { user, code } = await authenticatorUser();
    const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const refused = await post(user, '/api/user/security/step-up', { code: wrong });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('The code is incorrect. Enter the code your authenticator app shows now.');
    }
    const locked = await post(user, '/api/user/security/step-up', { code: code() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Please try again in 15 minutes.');
    expect(await addDestination(user)).toBe(confirmFirst);
  });
});

describe('a step-up with a recovery code', () => {
  it('uses the code up; a destination added with it still waits a day', async () => {
    const { user, recoveryCodes } = await authenticatorUser();
    const [first = ''] = recoveryCodes;
    const confirmed = await post(user, '/api/user/security/step-up/recovery', { code: first });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await addDestination(user)).toBe(day);

    const reused = await post(user, '/api/user/security/step-up/recovery', { code: first });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This recovery code is incorrect or has already been used.');
  });

  it('locks after 10 wrong recovery codes in a row', async () => {
    const { user, recoveryCodes } = await authenticatorUser();
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await post(user, '/api/user/security/step-up/recovery', { code: 'aaaaa-aaaaa' })).statusCode).toBe(422);
    const locked = await post(user, '/api/user/security/step-up/recovery', { code: recoveryCodes[0] });
    expect(locked.statusCode).toBe(429);
  });
});

describe('a step-up with a passkey', () => {
  async function withPasskey(user: SignedUpUser): Promise<SoftPasskey> {
    await stepUp(testApp, user);
    const options = (await post(user, '/api/user/passkeys/options')).json().data.options;
    const { passkey, credential } = softPasskeys.create(options);
    expect((await post(user, '/api/user/passkeys', { name: 'Laptop', credential })).statusCode).toBe(201);
    return passkey;
  }
  const options = async (user: SignedUpUser) =>
    (await post(user, '/api/user/security/step-up/passkey/options')).json().data.options;

  it("confirms with one of the user's passkeys, once per challenge; then new destinations need no wait", async () => {
    const user = await signUp(testApp, { verified: true });
    const passkey = await withPasskey(user);
    const offered = await options(user);
    expect(offered.allowCredentials.map((entry: { id: string }) => entry.id)).toEqual([passkey.credentialId]);
    const credential = softPasskeys.get(passkey, offered);
    const confirmed = await post(user, '/api/user/security/step-up/passkey', { credential });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(steppedUp);
    expect(await addDestination(user)).toBe(0);

    const replayed = await post(user, '/api/user/security/step-up/passkey', { credential });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe('This passkey request has expired. Please try again.');
  });

  it("offers nothing to a user without a passkey, and refuses another user's passkey", async () => {
    const user = await signUp(testApp, { verified: true });
    expect(await options(user)).toBeNull();
    const other = await signUp(testApp, { verified: true });
    const theirs = await withPasskey(other);
    await withPasskey(user);
    clock.advance(5 * 60_000 + 1000);
    const credential = softPasskeys.get(theirs, await options(user));
    const refused = await post(user, '/api/user/security/step-up/passkey', { credential });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This passkey is not registered with Itrust. Sign in with your password, then add it under Security.',
    );
    expect(await addDestination(user)).toBe(confirmFirst);
  });
});

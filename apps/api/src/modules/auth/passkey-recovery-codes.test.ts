import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { withAuthenticator } from '../../../test/authenticator.ts';
import { bearer, signInForCode, signUp, stepUp, withTwoFactor, type SignedUpUser } from '../../../test/fixtures.ts';
import { createSoftAuthenticator } from '../../../test/passkey-authenticator.ts';
import { passkeyMessages } from './passkeys.service.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
const authenticator = createSoftAuthenticator('http://localhost:3000');

beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

/** A new passkey's credential, made for a fresh challenge of the user's, ready to send. */
async function newCredential(user: SignedUpUser) {
  await stepUp(testApp, user);
  const options = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/passkeys/options',
    headers: bearer(user.token),
  });
  return authenticator.create(options.json().data.options).credential;
}

async function addPasskey(user: SignedUpUser, name: string, credential?: unknown) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/passkeys',
    headers: bearer(user.token),
    payload: { name, credential: credential ?? (await newCredential(user)) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: string; data: { recovery_codes: string[] | null } }>();
}

/** Signs in with the password and finishes the second step with a recovery code: its status code. */
async function signInWithRecoveryCode(user: SignedUpUser, code: string) {
  const { token } = await signInForCode(testApp, user);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/verify-two-fa/recovery',
    headers: bearer(token),
    payload: { code },
  });
  return response.statusCode;
}

describe('recovery codes with a first passkey', () => {
  it('come with the first passkey, once, and each signs in once', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const first = await addPasskey(user, 'Laptop');
    expect(first.message).toBe(passkeyMessages.addedWithCodes);
    const codes = first.data.recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const second = await addPasskey(user, 'Phone');
    expect(second.message).toBe(passkeyMessages.added);
    expect(second.data.recovery_codes).toBeNull();

    // The second passkey left the first passkey's codes alive.
    expect(await signInWithRecoveryCode(user, codes[0] ?? '')).toBe(200);
    expect(await signInWithRecoveryCode(user, codes[0] ?? '')).toBe(422);
    expect(await signInWithRecoveryCode(user, codes[1] ?? '')).toBe(200);
  });

  it("keep the authenticator app's codes: a passkey added after it brings none", async () => {
    const user = await signUp(testApp, { verified: true });
    await stepUp(testApp, user);
    const { recoveryCodes } = await withAuthenticator(testApp, user.token);
    const added = await addPasskey(user, 'Laptop');
    expect(added.data.recovery_codes).toBeNull();
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/authenticator',
      headers: bearer(user.token),
    });
    expect(status.json().data.recovery_codes_left).toBe(recoveryCodes.length);
  });

  it('are issued once when two first passkeys are added at the same time', async () => {
    const user = await signUp(testApp, { verified: true });
    const [laptop, phone] = [await newCredential(user), await newCredential(user)];
    const both = await Promise.all([addPasskey(user, 'Laptop', laptop), addPasskey(user, 'Phone', phone)]);
    const issued = both.map((response) => response.data.recovery_codes).filter((codes) => codes !== null);
    expect(issued).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signInForCode, signUp, stepUp, withTwoFactor, type SignedUpUser } from '../../../test/fixtures.ts';
import { createSoftAuthenticator, type SoftPasskey } from '../../../test/passkey-authenticator.ts';
import { passkeyMessages } from './passkeys.service.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
// The origin of the default APP_URL, as a browser on it would report it.
const authenticator = createSoftAuthenticator('http://localhost:3000');

beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

type Payload = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Payload) =>
  testApp.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const me = (token: string) => call('GET', '/api/user', token);
const passkeysOf = async (user: SignedUpUser) =>
  (await call('GET', '/api/user/passkeys', user.token)).json().data.passkeys as {
    id: string;
    name: string;
    created_at: string;
    last_used_at: string | null;
  }[];
const registrationOptions = async (user: SignedUpUser) => {
  await stepUp(testApp, user);
  const response = await call('POST', '/api/user/passkeys/options', user.token);
  expect(response.statusCode).toBe(200);
  return response.json().data.options;
};
const signInOptions = async () => (await call('POST', '/api/user/login/passkey/options')).json().data.options;
const signInWith = (credential: Payload) => call('POST', '/api/user/login/passkey', undefined, { credential });

/** Registers a new software passkey for the user through the API. */
async function registered(user: SignedUpUser, name = 'Laptop'): Promise<SoftPasskey> {
  const { passkey, credential } = authenticator.create(await registrationOptions(user));
  const response = await call('POST', '/api/user/passkeys', user.token, { name, credential });
  expect(response.statusCode, response.body).toBe(201);
  return passkey;
}

describe('registering a passkey', () => {
  it('stores it under the name given, listed with when it was added and last used', async () => {
    const user = await signUp(testApp, { verified: true });
    expect(await passkeysOf(user)).toEqual([]);
    const options = await registrationOptions(user);
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const { credential } = authenticator.create(options);
    const response = await call('POST', '/api/user/passkeys', user.token, { name: '  Work laptop ', credential });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(passkeyMessages.addedWithCodes);
    expect(await passkeysOf(user)).toEqual([
      { id: expect.any(String), name: 'Work laptop', created_at: clock.now().toISOString(), last_used_at: null },
    ]);

    const next = await registrationOptions(user);
    expect(next.excludeCredentials.map((entry: { id: string }) => entry.id)).toEqual([credential.id]);
  });

  it('is written to the audit log with the user as actor, and mailed to them; so is its removal', async () => {
    const user = await signUp(testApp, { verified: true });
    await registered(user);
    const [listed] = await passkeysOf(user);
    await testApp.outbox.waitFor(user.email, 'A passkey was added');
    expect((await call('DELETE', `/api/user/passkeys/${listed?.id}`, user.token)).statusCode).toBe(200);
    await testApp.outbox.waitFor(user.email, 'A passkey was removed');
    const { rows } = await testApp.database.db.$client.query(
      'select action, actor_kind, operator_id, object_type from audit_log where object_id = $1 order by id',
      [listed?.id],
    );
    expect(rows).toEqual(
      ['passkey.added', 'passkey.removed'].map((action) => ({
        action,
        actor_kind: 'user',
        operator_id: user.id,
        object_type: 'passkey',
      })),
    );
  });

  it('refuses a challenge used once already, or expired', async () => {
    const user = await signUp(testApp, { verified: true });
    const options = await registrationOptions(user);
    const first = authenticator.create(options).credential;
    expect((await call('POST', '/api/user/passkeys', user.token, { name: 'One', credential: first })).statusCode).toBe(
      201,
    );
    const again = await call('POST', '/api/user/passkeys', user.token, {
      name: 'Two',
      credential: authenticator.create(options).credential,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This passkey request has expired. Please try again.');

    const late = authenticator.create(await registrationOptions(user)).credential;
    clock.advance(5 * 60 * 1000 + 1000);
    await stepUp(testApp, user);
    const expired = await call('POST', '/api/user/passkeys', user.token, { name: 'Late', credential: late });
    expect(expired.json().message).toBe(passkeyMessages.expired);
    expect((await passkeysOf(user)).map((passkey) => passkey.name)).toEqual(['One']);
  });

  it("refuses another user's challenge, a device that did not verify its user, and a name left blank", async () => {
    const user = await signUp(testApp, { verified: true });
    const other = await signUp(testApp, { verified: true });
    const theirs = authenticator.create(await registrationOptions(other)).credential;
    await stepUp(testApp, user);
    const stolen = await call('POST', '/api/user/passkeys', user.token, { name: 'Theirs', credential: theirs });
    expect(stolen.json().message).toBe(passkeyMessages.expired);

    const unverified = authenticator.create(await registrationOptions(user), { userVerified: false }).credential;
    const refused = await call('POST', '/api/user/passkeys', user.token, { name: 'No PIN', credential: unverified });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Your device must confirm it is you (with a PIN, fingerprint or face) to use this passkey.',
    );

    const { credential } = authenticator.create(await registrationOptions(user));
    const blank = await call('POST', '/api/user/passkeys', user.token, { name: '  ', credential });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ name: ['Give the passkey a name.'] });
    expect(await passkeysOf(user)).toEqual([]);
  });

  it('refuses a response made for another origin', async () => {
    const user = await signUp(testApp, { verified: true });
    const elsewhere = createSoftAuthenticator('https://itrust.example.net');
    const { credential } = elsewhere.create(await registrationOptions(user));
    const response = await call('POST', '/api/user/passkeys', user.token, { name: 'Phished', credential });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The passkey could not be verified. Please try again.');
  });
});

describe('signing in with a passkey alone', () => {
  it('issues a full token, and notes when the passkey was used', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const passkey = await registered(user);
    clock.advance(60_000);
    const response = await signInWith(authenticator.get(passkey, await signInOptions()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Login success.');
    expect(response.json().data.user.id).toBe(user.id);
    expect((await me(response.json().data.token)).statusCode).toBe(200);
    expect((await passkeysOf(user))[0]?.last_used_at).toBe(clock.now().toISOString());
  });

  it('asks the device to verify its user, and refuses a signature without that', async () => {
    const user = await signUp(testApp, { verified: true });
    const passkey = await registered(user);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const response = await signInWith(authenticator.get(passkey, options, { userVerified: false }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(passkeyMessages.userNotVerified);
  });

  it('refuses a challenge used once already, or expired', async () => {
    const user = await signUp(testApp, { verified: true });
    const passkey = await registered(user);
    const options = await signInOptions();
    expect((await signInWith(authenticator.get(passkey, options))).statusCode).toBe(200);
    const replayed = await signInWith(authenticator.get(passkey, options));
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe(passkeyMessages.expired);

    const late = await signInOptions();
    clock.advance(5 * 60 * 1000 + 1000);
    expect((await signInWith(authenticator.get(passkey, late))).json().message).toBe(passkeyMessages.expired);
  });

  it('refuses an unknown credential, and a counter that went back', async () => {
    const user = await signUp(testApp, { verified: true });
    const passkey = await registered(user);
    const { passkey: stranger } = authenticator.create(await registrationOptions(user));
    const unknown = await signInWith(authenticator.get(stranger, await signInOptions()));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      'This passkey is not registered with Itrust. Sign in with your password, then add it under Security.',
    );

    expect((await signInWith(authenticator.get(passkey, await signInOptions(), { counter: 5 }))).statusCode).toBe(200);
    const cloned = await signInWith(authenticator.get(passkey, await signInOptions(), { counter: 3 }));
    expect(cloned.statusCode).toBe(422);
    expect(cloned.json().message).toBe(passkeyMessages.notVerified);
  });

  it('refuses a response the library cannot read, with a clear message', async () => {
    const credential = { id: 'abc', rawId: 'abc', type: 'public-key' };
    const garbled = await signInWith({
      ...credential,
      response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AAAA', signature: 'AAAA' },
    });
    expect(garbled.statusCode).toBe(422);
    expect(garbled.json().message).toBe(passkeyMessages.notVerified);
    const incomplete = await signInWith({ ...credential, response: {} });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe('The passkey response is incomplete. Please try again.');
  });
});

describe('a passkey as the second step', () => {
  it('finishes a sign-in that waits for it, and the waiting token is spent', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const passkey = await registered(user);
    const { token: waiting } = await signInForCode(testApp, user);
    const options = (await call('POST', '/api/user/verify-two-fa/passkey/options', waiting)).json().data.options;
    expect(options.allowCredentials.map((entry: { id: string }) => entry.id)).toEqual([passkey.credentialId]);
    const response = await call('POST', '/api/user/verify-two-fa/passkey', waiting, {
      credential: authenticator.get(passkey, options),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await me(response.json().data.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/user/verify-two-fa/passkey/options', waiting)).statusCode).toBe(401);
  });

  it("offers nothing to a user without a passkey, and refuses another user's passkey", async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    const { token: waiting } = await signInForCode(testApp, user);
    const none = await call('POST', '/api/user/verify-two-fa/passkey/options', waiting);
    expect(none.json().data.options).toBeNull();

    const other = await signUp(testApp, { verified: true });
    const theirs = await registered(other);
    await registered(user);
    const options = (await call('POST', '/api/user/verify-two-fa/passkey/options', waiting)).json().data.options;
    const response = await call('POST', '/api/user/verify-two-fa/passkey', waiting, {
      credential: authenticator.get(theirs, options),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(passkeyMessages.unknown);
  });
});

describe('removing a passkey', () => {
  it('removes it, after which it no longer signs in', async () => {
    const user = await signUp(testApp, { verified: true });
    const passkey = await registered(user);
    const [listed] = await passkeysOf(user);
    const removed = await call('DELETE', `/api/user/passkeys/${listed?.id}`, user.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Passkey removed.');
    expect(await passkeysOf(user)).toEqual([]);
    expect((await signInWith(authenticator.get(passkey, await signInOptions()))).json().message).toBe(
      passkeyMessages.unknown,
    );
  });

  it("answers 404 for another user's passkey, and leaves it", async () => {
    const owner = await signUp(testApp, { verified: true });
    const other = await signUp(testApp, { verified: true });
    await registered(owner);
    const [listed] = await passkeysOf(owner);
    const response = await call('DELETE', `/api/user/passkeys/${listed?.id}`, other.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such passkey.');
    expect(await passkeysOf(owner)).toHaveLength(1);
  });
});

import type { TestApp } from './app.ts';
import { bearer, stepUp } from './fixtures.ts';
import { createSoftAuthenticator, type SoftPasskey } from './passkey-authenticator.ts';

const authenticators = new WeakMap<TestApp, ReturnType<typeof createSoftAuthenticator>>();

/** A software authenticator on the origin the app expects. */
export function softAuthenticatorOf(testApp: TestApp) {
  const known = authenticators.get(testApp);
  if (known) return known;
  const made = createSoftAuthenticator(testApp.config.passkeys.origin);
  authenticators.set(testApp, made);
  return made;
}

async function postData(testApp: TestApp, url: string, token?: string, payload?: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Registers a software passkey for the user through the API, after the step-up it asks for. */
export async function withPasskey(testApp: TestApp, user: { email: string; token: string }): Promise<SoftPasskey> {
  await stepUp(testApp, user);
  const { options } = await postData(testApp, '/api/user/passkeys/options', user.token);
  const { passkey, credential } = softAuthenticatorOf(testApp).create(options);
  await postData(testApp, '/api/user/passkeys', user.token, { name: 'Laptop', credential });
  return passkey;
}

/** Signs in with the passkey alone: returns the new session's token. */
export async function signInWithPasskey(testApp: TestApp, passkey: SoftPasskey): Promise<string> {
  const { options } = await postData(testApp, '/api/user/login/passkey/options');
  const credential = softAuthenticatorOf(testApp).get(passkey, options);
  return (await postData(testApp, '/api/user/login/passkey', undefined, { credential })).token as string;
}

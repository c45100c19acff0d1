import type { TestApp } from './app.ts';
import { totpFromBase32 } from './totp.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The app's time: its test clock when it has one. */
export const appNow = (testApp: TestApp) => testApp.dependencies.clock?.now() ?? new Date();

/**
 * Sets up an authenticator app through the API with a code computed by the test, in a session that
 * passed its second step in the last minutes (a step-up action): returns its secret and recovery codes.
 */
export async function withAuthenticator(testApp: TestApp, token: string) {
  const started = await testApp.app.inject({ method: 'POST', url: '/api/user/authenticator', headers: bearer(token) });
  if (started.statusCode !== 200) throw new Error(`authenticator set-up failed: ${started.body}`);
  const secret = started.json().data.secret as string;
  const confirmed = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/authenticator/confirm',
    headers: bearer(token),
    payload: { code: totpFromBase32(secret, appNow(testApp)) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`authenticator confirmation failed: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
}

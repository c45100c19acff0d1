import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { withAuthenticator } from '../../test/authenticator.ts';
import { bearer, signUp, stepUp, withTwoFactor, type SignedUpUser } from '../../test/fixtures.ts';
import { authMessages } from './auth.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** What a token still waiting for its second step hears from a signed-in route. */
async function refusalWhileWaiting(user: SignedUpUser) {
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: user.email, password: user.password },
  });
  expect(login.json().data.second_step).toBe(true);
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: bearer(login.json().data.token),
  });
  expect(response.statusCode).toBe(403);
  return response.json().message;
}

describe('a signed-in route before the second step', () => {
  it('asks for the emailed code from a user whose code is emailed', async () => {
    const user = await signUp(testApp, { verified: true });
    await withTwoFactor(testApp, user);
    expect(await refusalWhileWaiting(user)).toBe(authMessages.secondStepPending);
    expect(authMessages.secondStepPending).toBe('Enter the sign-in code we emailed you first.');
  });

  it("asks for the app's code from a user with an authenticator app, who is emailed nothing", async () => {
    const user = await signUp(testApp, { verified: true });
    await stepUp(testApp, user);
    await withAuthenticator(testApp, user.token);
    expect(await refusalWhileWaiting(user)).toBe('Enter the code from your authenticator app first.');
  });
});

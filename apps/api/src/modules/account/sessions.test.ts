import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const signIn = async (user: SignedUpUser, userAgent: string, address: string) => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
    payload: { login: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.token as string;
};
const send = (method: 'GET' | 'DELETE', url: string, token: string) =>
  testApp.app.inject({ method, url, headers: bearer(token) });
type Listed = { id: string; browser: string; system: string; place: string; last_seen_at: string; current: boolean };
const list = async (token: string) => {
  const response = await send('GET', '/api/user/security/sessions', token);
  expect(response.statusCode).toBe(200);
  return response.json().data.sessions as Listed[];
};
const sql = (text: string, values: unknown[]) => testApp.database.db.$client.query(text, values);

describe('signed-in sessions', () => {
  it('lists browser, system, network and times, the current one marked', async () => {
    const user = await signUp(testApp, { verified: true });
    const phone = await signIn(user, safariOnIphone, '2001:db8:aa:bb::7');
    const laptop = await signIn(user, firefoxOnLinux, '203.0.113.9');
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions.find((session) => session.current)).toMatchObject({
      browser: 'Firefox 128',
      system: 'Linux',
      place: '203.0.113.0/24',
    });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect((await list(phone)).find((session) => session.current)).toMatchObject({
      browser: 'Safari 17',
      system: 'iOS',
      place: '2001:db8:aa::/48',
    });
  });

  it('moves last seen at most once a minute', async () => {
    const user = await signUp(testApp, { verified: true });
    const token = await signIn(user, firefoxOnLinux, '203.0.113.9');
    const lastSeen = async () =>
      (await sql("select last_seen_at from access_tokens where token_hash = sha256(convert_to($1, 'utf8'))", [token]))
        .rows[0]?.last_seen_at as Date;
    const signedInAt = await lastSeen();
    clock.advance(30_000);
    await list(token);
    expect(await lastSeen()).toEqual(signedInAt);
    clock.advance(31_000);
    await list(token);
    expect((await lastSeen()).getTime()).toBe(clock.now().getTime());
    expect((await list(token))[0]?.last_seen_at).toBe(clock.now().toISOString());
  });

  it('signs out another session at once, mails the owner and writes the audit log', async () => {
    const user = await signUp(testApp, { verified: true });
    const other = await signIn(user, safariOnIphone, '198.51.100.4');
    const otherId = (await list(other)).find((session) => session.current)?.id;
    const signedOut = await send('DELETE', `/api/user/security/sessions/${otherId}`, user.token);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json().message).toBe('The session is signed out.');
    expect((await send('GET', '/api/user', other)).statusCode).toBe(401);
    expect((await send('GET', '/api/user', user.token)).statusCode).toBe(200);
    expect(await testApp.outbox.waitFor(user.email, 'Sessions of your Itrust account were signed out')).toBeTruthy();
    const audit = await sql('select action, operator_id from audit_log where object_id = $1', [otherId]);
    expect(audit.rows).toEqual([{ action: 'session.revoked', operator_id: user.id }]);

    const again = await send('DELETE', `/api/user/security/sessions/${otherId}`, user.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This session is not signed in any more.');
  });

  it('refuses to end the current session here, and gives 404 for another user’s session', async () => {
    const user = await signUp(testApp, { verified: true });
    const stranger = await signUp(testApp, { verified: true });
    const own = (await list(user.token))[0]?.id;
    const current = await send('DELETE', `/api/user/security/sessions/${own}`, user.token);
    expect(current.statusCode).toBe(409);
    expect(current.json().message).toBe('This is the session you are using: sign out instead.');
    const foreign = await send('DELETE', `/api/user/security/sessions/${own}`, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect((await send('GET', '/api/user', user.token)).statusCode).toBe(200);
    const malformed = await send('DELETE', '/api/user/security/sessions/not-an-id', user.token);
    expect(malformed.statusCode).toBe(422);
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await signUp(testApp, { verified: true });
    const others = [await signIn(user, safariOnIphone, '198.51.100.4'), await signIn(user, firefoxOnLinux, '::1')];
    const response = await send('DELETE', '/api/user/security/sessions', user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Every other session is signed out.', data: { signed_out: 2 } });
    for (const token of others) expect((await send('GET', '/api/user', token)).statusCode).toBe(401);
    expect(await list(user.token)).toEqual([expect.objectContaining({ current: true })]);
  });
});

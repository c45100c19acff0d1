import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const minute = 60 * 1000;
const post = (url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  testApp.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (name: string, password: string, remoteAddress: string) =>
  post('/api/user/login', { login: name, password }, remoteAddress);
// Fullwidth forms of printable ASCII: NFKC turns them back into the plain letters.
const fullwidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('an attacker tells which accounts exist from the sign-in throttle', () => {
  it('sees the limit come after as many tries, mixing spellings, for a real and an unknown account', async () => {
    const real = await signUp(testApp, { verified: true });
    const spellings = (email: string) => [email, fullwidth(email), email.toUpperCase(), ` ${email} `];
    const statusesFor = async (email: string, address: string) => {
      const statuses = [];
      for (let attempt = 0; attempt < 16; attempt += 1)
        statuses.push((await login(spellings(email)[attempt % 4] ?? email, `guess ${attempt}`, address)).statusCode);
      return statuses;
    };
    const expected = [...Array<number>(10).fill(422), ...Array<number>(6).fill(429)];
    expect(await statusesFor(real.email, '10.90.0.1')).toEqual(expected);
    expect(await statusesFor(`nobody.${real.username}@example.com`, '10.90.0.2')).toEqual(expected);
    // A fullwidth username is another name (usernames are ASCII), for a real account as for an unknown one.
    const username = await statusesFor(real.username, '10.90.0.3');
    expect(username).toContain(429);
    expect(await statusesFor(`nobody_${real.username}`, '10.90.0.4')).toEqual(username);
  });
});

describe('an attacker on IPv6 moves to another address of its /64', () => {
  it('is counted as one client by the sign-in throttle', async () => {
    const owner = await signUp(testApp, { verified: true });
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push((await login(owner.email, `guess ${attempt}`, `2001:db8:90:1::${attempt + 1}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429, 429]);
    expect((await login(owner.email, owner.password, '2001:db8:90:1:ffff::9')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '2001:db8:90:2::1')).statusCode).toBe(200);
  });
});

describe('an attacker disables password reset for good with wrong codes', () => {
  it('is undone by the owner signing in with the password', async () => {
    const owner = await signUp(testApp, { verified: true });
    for (let round = 0; round < 10; round += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1)
        await post('/api/user/password/verify', { email: owner.email, code: '000000' }, '10.91.0.1');
      clock.advance(15 * minute + 1000);
    }
    expect((await post('/api/user/password/verify', { email: owner.email, code: '000000' })).statusCode).toBe(403);
    expect((await login(owner.email, owner.password, '10.91.0.2')).statusCode).toBe(200);
    await post('/api/user/password/forgot', { email: owner.email });
    const code = await testApp.outbox.code(owner.email, 'password reset code');
    expect((await post('/api/user/password/verify', { email: owner.email, code })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, registration, signUp, stepUp, uniqueSuffix } from '../../test/fixtures.ts';

// One mailbox is one account, however its address is spelled; and an account stays its owner's
// when a token is stolen.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  testApp.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const register = async (overrides: Record<string, unknown>) =>
  post('/api/user/register', await registration(testApp, overrides));
const signIn = (login: string, password: string) => post('/api/user/login', { login, password });
const fullwidth = (text: string) =>
  text.replace(/[a-z]/gi, (letter) => String.fromCodePoint(letter.codePointAt(0)! - 0x21 + 0xff01));

describe('email normalization', () => {
  const suffix = uniqueSuffix();
  const typed = `ÉLODIE.${suffix}@EXAMPLE.test`;
  const stored = `élodie.${suffix}@example.test`;
  const password = 'analytical engine 1843';
  let userId: string;

  beforeAll(async () => {
    const registered = await register({ email: typed });
    expect(registered.statusCode).toBe(201);
    userId = registered.json().data.user.id;
  });

  it('stores the normalized address and signs in to the one account with any spelling of it', async () => {
    const user = await testApp.database.db.$client.query('select email from users where id = $1', [userId]);
    expect(user.rows).toEqual([{ email: stored }]);
    const spellings = [
      typed,
      stored,
      `E\u0301lodie.${suffix}@example.test`,
      `${fullwidth('ÉLODIE')}.${suffix}@example.test`,
    ];
    for (const spelling of spellings) {
      const response = await signIn(spelling, password);
      expect(response.statusCode, spelling).toBe(200);
      expect(response.json().data.user.id, spelling).toBe(userId);
    }
  });

  it('refuses a twin in any spelling', async () => {
    for (const spelling of [
      stored,
      `e\u0301lodie.${suffix}@example.test`,
      fullwidth(`élodie.${suffix}@example.test`),
    ]) {
      const response = await register({ email: spelling });
      expect(response.statusCode, spelling).toBe(422);
      expect(response.json().errors.email, spelling).toEqual(['The email has already been taken.']);
    }
  });

  it('keeps a Cyrillic lookalike out of the Latin account, and refuses one that mixes alphabets', async () => {
    const latin = await signUp(testApp);
    const lookalike = latin.email.replace('a', '\u0430');
    expect((await signIn(lookalike, latin.password)).statusCode).toBe(422);
    const response = await register({ email: lookalike });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([
      'The email mixes letters of different alphabets (for example Latin and Cyrillic) in one part. Use one alphabet per part.',
    ]);
  });

  it('refuses invisible and control characters and a trailing dot, wherever an email is typed', async () => {
    const user = await signUp(testApp, { verified: true });
    const refusals: [string, string][] = [
      [`ze\u200bro.${suffix}@example.test`, 'The email must not contain invisible or control characters.'],
      [`jo\u200dined.${suffix}@example.test`, 'The email must not contain invisible or control characters.'],
      [`bom\ufeff.${suffix}@example.test`, 'The email must not contain invisible or control characters.'],
      [`bell\u0007.${suffix}@example.test`, 'The email must not contain invisible or control characters.'],
      [`dot.${suffix}@example.test.`, 'The email must not end with a dot.'],
    ];
    for (const [email, message] of refusals) {
      const registered = await register({ email });
      expect(registered.json().errors?.email, email).toEqual([message]);
      const changed = await post('/api/user/profile', { email, current_password: user.password }, user.token);
      expect(changed.json().errors?.email, email).toEqual([message]);
      const forgot = await post('/api/user/password/forgot', { email });
      expect(forgot.json().errors?.email, email).toEqual([message]);
    }
  });

  it('resets the password of the one account from any spelling', async () => {
    expect((await post('/api/user/password/forgot', { email: fullwidth(typed) })).statusCode).toBe(200);
    const code = await testApp.outbox.code(stored, 'password reset code');
    const reset = await post('/api/user/password/reset', {
      email: typed,
      code,
      password: 'a fresh passphrase 2026',
      password_confirmation: 'a fresh passphrase 2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(stored, 'a fresh passphrase 2026')).json().data.user.id).toBe(userId);
  });
});

describe('email change with a stolen token', () => {
  it('cannot move the account without the password, nor with the new address’s code alone', async () => {
    const victim = await signUp(testApp, { verified: true });
    const attacker = `attacker.${uniqueSuffix()}@evil.test`;
    const tokenAlone = await post('/api/user/profile', { email: attacker }, victim.token);
    expect(tokenAlone.statusCode).toBe(422);
    const guess = () => post('/api/user/profile', { email: attacker, current_password: 'password123' }, victim.token);
    // Without the second step, the token alone cannot even try a password.
    const notConfirmed = await guess();
    expect(notConfirmed.statusCode).toBe(403);
    expect(notConfirmed.json().message).toBe(
      'Confirm it is you first: your second step is needed to change your email address.',
    );
    await stepUp(testApp, victim);
    expect((await guess()).statusCode).toBe(422);

    // Even knowing the password, the code the attacker receives is not enough.
    expect(
      (await post('/api/user/profile', { email: attacker, current_password: victim.password }, victim.token))
        .statusCode,
    ).toBe(200);
    const attackersCode = await testApp.outbox.code(attacker, 'Confirm your new Itrust email address');
    for (const guess of ['000000', '123456', attackersCode]) {
      const response = await post(
        '/api/user/profile/email/verify',
        { new_email_code: attackersCode, current_email_code: guess },
        victim.token,
      );
      expect(response.statusCode).toBe(422);
    }
    const user = await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(victim.token) });
    expect(user.json().data.user.email).toBe(victim.email);
    await testApp.outbox.waitFor(victim.email, 'Confirm the change of your Itrust email address');
  });

  it("mails a third party's address once, however many accounts ask at once", async () => {
    const target = `someone.${uniqueSuffix()}@third.party`;
    const accounts = await Promise.all(Array.from({ length: 20 }, () => signUp(testApp, { verified: true })));
    await Promise.all(accounts.map((account) => stepUp(testApp, account)));
    const responses = await Promise.all(
      accounts.map((account) =>
        post('/api/user/profile', { email: target, current_password: account.password }, account.token),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    await testApp.outbox.waitFor(target, 'Confirm your new Itrust email address');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await testApp.outbox.all()).filter((mail) => mail.to === target)).toHaveLength(1);
  });
});

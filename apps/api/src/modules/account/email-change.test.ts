import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, registration, signUp, stepUp, uniqueSuffix, type SignedUpUser } from '../../../test/fixtures.ts';

let testApp: TestApp;
const clock = createTestClock();
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const thirtySeconds = 31 * 1000;
const inject = (url: string, payload: Record<string, unknown>, token?: string) =>
  testApp.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const me = async (token: string) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json().data.user as {
    email: string;
    pending_email: string | null;
  };
const signIn = (login: string, password: string) => inject('/api/user/login', { login, password });
/** Asks for the change after a step-up, which a new email needs (step-up.test.ts refuses it without). */
const requestChange = async (user: SignedUpUser, email: string, password?: string) => {
  await stepUp(testApp, user);
  return inject(
    '/api/user/profile',
    { email, ...(password === undefined ? {} : { current_password: password }) },
    user.token,
  );
};
const codesFor = async (oldEmail: string, newEmail: string) => ({
  new_email_code: await testApp.outbox.code(newEmail, 'Confirm your new Itrust email address'),
  current_email_code: await testApp.outbox.code(oldEmail, 'Confirm the change of your Itrust email address'),
});
const other = (code: string) => (code === '000000' ? '000001' : '000000');

/** Changes the email through both codes; returns the token of the undo link mailed to the old address. */
async function changeEmail(user: SignedUpUser, from: string, to: string): Promise<string> {
  expect((await requestChange(user, to, user.password)).statusCode).toBe(200);
  const confirmed = await inject('/api/user/profile/email/verify', await codesFor(from, to), user.token);
  expect(confirmed.statusCode).toBe(200);
  const notice = await testApp.outbox.waitFor(from, 'Your Itrust email address was changed');
  const token = /#token=([\w-]+)/.exec(notice.text)?.[1];
  if (!token) throw new Error(`no undo link in ${notice.text}`);
  return token;
}
const undo = (token: string, password: string) =>
  inject('/api/user/profile/email/undo', { token, password, password_confirmation: password });

describe('changing the email', () => {
  it('needs the current password: the token alone changes nothing and mails no one', async () => {
    const user = await signUp(testApp, { verified: true });
    const target = `attacker.${uniqueSuffix()}@evil.test`;
    const withoutPassword = await requestChange(user, target);
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().errors.current_password).toEqual([
      'Enter your current password to change your email address.',
    ]);
    const wrongPassword = await requestChange(user, target, 'not the password at all');
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.current_password).toEqual(['The password is incorrect.']);
    expect(await me(user.token)).toMatchObject({ email: user.email, pending_email: null });
    const { rows } = await testApp.database.db.$client.query(
      `select 1 from verification_codes where user_id = $1 and purpose in ('email_change', 'email_change_current')`,
      [user.id],
    );
    expect(rows).toEqual([]);
  });

  it('takes both codes, the new address’s and the current one’s, then tells the old address', async () => {
    const user = await signUp(testApp, { verified: true });
    const newEmail = `Moved.${user.username}@Example.org`;
    const stored = newEmail.toLowerCase();
    const response = await requestChange(user, newEmail, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      `Profile updated. We sent a code to ${stored} and another to your current address: your email changes once you enter both.`,
    );
    expect(await me(user.token)).toMatchObject({ email: user.email, pending_email: stored });
    const codes = await codesFor(user.email, stored);

    const onlyNew = await inject(
      '/api/user/profile/email/verify',
      { ...codes, current_email_code: other(codes.current_email_code) },
      user.token,
    );
    expect(onlyNew.statusCode).toBe(422);
    expect(onlyNew.json()).toMatchObject({
      message: `Code sent to ${user.email}: The code is incorrect.`,
      errors: { current_email_code: ['The code is incorrect.'] },
    });
    const onlyCurrent = await inject(
      '/api/user/profile/email/verify',
      { ...codes, new_email_code: other(codes.new_email_code) },
      user.token,
    );
    expect(onlyCurrent.json().errors).toEqual({ new_email_code: ['The code is incorrect.'] });
    expect(await me(user.token)).toMatchObject({ email: user.email });

    const confirmed = await inject('/api/user/profile/email/verify', codes, user.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.user).toMatchObject({ email: stored, pending_email: null });
    expect((await signIn(newEmail, user.password)).statusCode).toBe(200);
    const notice = await testApp.outbox.waitFor(user.email, 'Your Itrust email address was changed');
    expect(notice.text).toContain(`changed from ${user.email} to ${stored}`);
    expect(notice.text).toMatch(/\/undo-email-change#token=[\w-]{43}\b/);
  });

  it('changes once when both codes arrive twice at once', async () => {
    const user = await signUp(testApp, { verified: true });
    const moved = `twice.${user.username}@example.org`;
    expect((await requestChange(user, moved, user.password)).statusCode).toBe(200);
    const codes = await codesFor(user.email, moved);
    const answers = await Promise.all([1, 2].map(() => inject('/api/user/profile/email/verify', codes, user.token)));
    // The second finds no change waiting (409), or, when it read the change before the first committed, its codes used (422).
    const [first, second] = answers.map((answer) => answer.statusCode).sort();
    expect(first).toBe(200);
    expect([409, 422]).toContain(second);
    expect(await me(user.token)).toMatchObject({ email: moved, pending_email: null });
    const { rows } = await testApp.database.db.$client.query(
      'select count(*)::int as undos from email_change_undos where user_id = $1',
      [user.id],
    );
    expect(rows[0].undos).toBe(1);
  });

  it('holds one connection at a time: as many changes at once as the pool has connections all go through', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => signUp(testApp, { verified: true })));
    const moves = users.map((user) => `pooled.${user.username}@example.org`);
    for (const [index, user] of users.entries())
      expect((await requestChange(user, moves[index] ?? '', user.password)).statusCode).toBe(200);
    const codes = await Promise.all(users.map((user, index) => codesFor(user.email, moves[index] ?? '')));
    const answers = await Promise.all(
      users.map((user, index) => inject('/api/user/profile/email/verify', codes[index] ?? {}, user.token)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(users.map(() => 200));
  });

  it("refuses another account's email, in any spelling", async () => {
    const first = await signUp(testApp, { verified: true });
    const second = await signUp(testApp, { verified: true });
    for (const spelling of [first.email.toUpperCase(), first.email.replace('a', '\uff41')]) {
      const response = await requestChange(second, spelling, second.password);
      expect(response.json().errors.email, spelling).toEqual(['The email has already been taken.']);
    }
  });
});

describe('undoing an email change from the old address', () => {
  it('puts the address back, sets a new password and signs out every session, once', async () => {
    const user = await signUp(testApp, { verified: true });
    const taken = `attacker.${uniqueSuffix()}@evil.test`;
    const token = await changeEmail(user, user.email, taken);

    const weak = await undo(token, 'password');
    expect(weak.statusCode).toBe(422);
    const undone = await undo(token, 'my own passphrase again 2026');
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe(
      `Your email address is back to ${user.email}. Every session has been signed out: sign in with your new password.`,
    );
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    expect((await signIn(taken, user.password)).statusCode).toBe(422);
    expect((await signIn(user.email, user.password)).statusCode).toBe(422);
    expect((await signIn(user.email, 'my own passphrase again 2026')).statusCode).toBe(200);

    const again = await undo(token, 'yet another passphrase 2026');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This link no longer works: it works once, within 7 days of the change.');
    expect((await undo('A'.repeat(43), 'yet another passphrase 2026')).statusCode).toBe(422);
  });

  it('keeps the old address for its account while the link works, and not after 7 days', async () => {
    const user = await signUp(testApp, { verified: true });
    const token = await changeEmail(user, user.email, `moved.${uniqueSuffix()}@example.org`);
    const body = await registration(testApp, { email: user.email });
    const twin = await testApp.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
    expect(twin.json().errors.email).toEqual(['The email has already been taken.']);

    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await undo(token, 'my own passphrase again 2026')).statusCode).toBe(422);
    const later = await testApp.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
    expect(later.statusCode).toBe(201);
  });

  it("survives the taker's own later change and its undo", async () => {
    const user = await signUp(testApp, { verified: true });
    const first = `taken.${uniqueSuffix()}@evil.test`;
    const second = `again.${uniqueSuffix()}@evil.test`;
    const ownersLink = await changeEmail(user, user.email, first);
    clock.advance(thirtySeconds);
    const takersLink = await changeEmail(user, first, second);
    expect((await undo(takersLink, 'the taker chose this 2026')).statusCode).toBe(200);
    expect((await undo(ownersLink, 'the owner chose this 2026')).statusCode).toBe(200);
    expect((await signIn(user.email, 'the owner chose this 2026')).statusCode).toBe(200);
    expect((await signIn(first, 'the taker chose this 2026')).statusCode).toBe(422);
  });
});

describe('throttling email changes', () => {
  it('per account: one change every 30 seconds, five an hour', async () => {
    const user = await signUp(testApp, { verified: true });
    const address = (n: number) => `step${n}.${user.username}@example.org`;
    expect((await requestChange(user, address(1), user.password)).statusCode).toBe(200);
    const soon = await requestChange(user, address(2), user.password);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBeDefined();
    expect(soon.json().message).toMatch(
      /^You have asked for several email changes\. Please wait \d+ seconds? before asking for another\.$/,
    );
    for (let n = 2; n <= 5; n += 1) {
      clock.advance(thirtySeconds);
      expect((await requestChange(user, address(n), user.password)).statusCode, `change ${n}`).toBe(200);
    }
    clock.advance(thirtySeconds);
    const sixth = await requestChange(user, address(6), user.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Please wait \d+ minutes before asking for another\.$/);
  });

  it("per address: a third party's address gets at most five codes an hour, from any number of accounts", async () => {
    const target = `someone.${uniqueSuffix()}@third.party`;
    const accounts = await Promise.all(Array.from({ length: 7 }, () => signUp(testApp, { verified: true })));
    const responses: number[] = [];
    for (const [n, account] of accounts.entries()) {
      const response = await requestChange(account, target, account.password);
      responses.push(response.statusCode);
      if (n === 1)
        expect(response.json().message).toMatch(
          /^This address has been sent several codes recently\. Please wait \d+ seconds? before asking for another\.$/,
        );
      clock.advance(n === 0 ? 0 : thirtySeconds);
    }
    expect(responses).toEqual([200, 429, 200, 200, 200, 200, 429]);
    const mailsTo = async () => (await testApp.outbox.all()).filter((mail) => mail.to === target).length;
    await expect.poll(mailsTo, { timeout: 15_000 }).toBe(5);
  });
});

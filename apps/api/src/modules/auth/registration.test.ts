import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, registration, signUp, yearsAgo } from '../../../test/fixtures.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const register = (payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/api/user/register', payload });

describe('POST /api/user/register', () => {
  it('creates the account, answers token and user, and emails a verification code', async () => {
    const body = await registration(testApp, {
      kyc: 'approved',
      role: 'operator',
      email_verified_at: '2020-01-01',
      status: 'x',
    });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      email: body.email,
      username: body.username,
      first_name: 'Ada',
      city: 'London',
      kyc: 'pending',
      role: 'investor',
      email_verified_at: null,
      two_fa_activated_at: null,
      currency: { code: 'USD', sign: '$' },
    });
    expect(user).not.toHaveProperty('password_hash');
    const mail = await testApp.outbox.waitFor(body.email, 'email verification code');
    expect(mail.subject).toMatch(/: \d{6}$/);
    expect(mail.text).toContain('The code works for 10 minutes.');
    expect(mail.html).toContain('<p>');

    const stored = await testApp.database.db.$client.query('select password_hash, kyc, role from users where id = $1', [
      user.id,
    ]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.rows[0]).toMatchObject({ kyc: 'pending', role: 'investor' });
  });

  it('says which required fields are missing, in the words of each sign-up step', async () => {
    const response = await register({ terms: false });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.first_name).toEqual(['first_name is required!']);
    expect(errors.password_confirmation).toEqual(['password_confirmation is required!']);
    expect(errors.country_id).toEqual(['country_id is required!']);
    expect(errors.zipcode).toEqual(['zipcode is required!']);
    expect(errors.date_of_birth).toEqual(['date of birth is required!']);
    expect(errors.currency_id).toEqual(['currency id is required!']);
    expect(errors.terms).toEqual(['You must agree to the terms and conditions.']);
    expect(errors.family).toBeUndefined();
    expect(errors.referral).toBeUndefined();
  });

  it('rejects a confirmation that does not match', async () => {
    const response = await register(await registration(testApp, { password_confirmation: 'something else entirely' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Passwords do not match!',
      errors: { password_confirmation: ['Passwords do not match!'] },
    });
  });

  it('rejects a duplicate email, whatever its letter case, and a duplicate username', async () => {
    const first = await registration(testApp);
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(await registration(testApp, { email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(422);
    expect(sameEmail.json().errors.email).toEqual(['The email has already been taken.']);
    const sameUsername = await register(await registration(testApp, { username: first.username }));
    expect(sameUsername.json().errors.username).toEqual(['The username has already been taken.']);
  });

  it('accepts a person on their eighteenth birthday and refuses one a day younger', async () => {
    const today = clock.now();
    expect((await register(await registration(testApp, { date_of_birth: yearsAgo(18, today) }))).statusCode).toBe(201);
    const younger = await register(await registration(testApp, { date_of_birth: yearsAgo(18, today, 1) }));
    expect(younger.statusCode).toBe(422);
    expect(younger.json().errors.date_of_birth).toEqual(['You must be at least 18 years old to open an account.']);
  });

  it('refuses common and badly sized passwords, without composition rules', async () => {
    const common = await register(
      await registration(testApp, { password: 'password123', password_confirmation: 'password123' }),
    );
    expect(common.json().errors.password).toEqual(['This password is too common. Choose one that is harder to guess.']);
    const short = await register(await registration(testApp, { password: 'a1!b2', password_confirmation: 'a1!b2' }));
    expect(short.json().errors.password).toEqual(['The password must be between 8 and 128 characters.']);
    const long = 'x'.repeat(129);
    expect(
      (await register(await registration(testApp, { password: long, password_confirmation: long }))).json().errors
        .password,
    ).toEqual(['The password must be between 8 and 128 characters.']);
    const lettersOnly = 'correcthorsebatterystaple';
    expect(
      (await register(await registration(testApp, { password: lettersOnly, password_confirmation: lettersOnly })))
        .statusCode,
    ).toBe(201);
  });

  it("checks a password by the same rules before sign-up's last step, and creates nothing", async () => {
    const check = (password: unknown) =>
      testApp.app.inject({ method: 'POST', url: '/api/user/password/check', payload: { password } });
    const users = async () => (await testApp.database.db.$client.query('select count(*) from users')).rows[0].count;
    const before = await users();
    const common = await check('Password123');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual(['This password is too common. Choose one that is harder to guess.']);
    expect((await check('a1!b2')).json().errors.password).toEqual([
      'The password must be between 8 and 128 characters.',
    ]);
    expect((await check('')).json().errors.password).toEqual(['password is required!']);
    expect((await check(42)).statusCode).toBe(422);
    const fine = await check('correcthorsebatterystaple');
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toMatchObject({ status: 'success', message: 'The password can be used.' });
    expect(await users()).toBe(before);
  });

  it('checks the email and phone formats, and that state and city belong together', async () => {
    expect((await register(await registration(testApp, { email: 'ada@example' }))).json().errors.email).toEqual([
      'The email must be a valid email address.',
    ]);
    expect((await register(await registration(testApp, { phone: 'abc' }))).json().errors.phone).toEqual([
      'Enter a phone number of 7 to 15 digits, like +44 20 7946 0958.',
    ]);
    const { rows } = await testApp.database.db.$client.query(
      "select s.id from states s join countries c on c.id = s.country_id where c.iso_code = 'FR' limit 1",
    );
    const foreignState = await register(await registration(testApp, { state_id: rows[0].id }));
    expect(foreignState.json().errors.state_id).toEqual([
      'The selected state does not belong to the selected country.',
    ]);
    const { rows: paris } = await testApp.database.db.$client.query(
      "select id from cities where name = 'Paris' limit 1",
    );
    const foreignCity = await register(await registration(testApp, { city: paris[0].id }));
    expect(foreignCity.json().errors.city).toEqual(['The selected city is not in the selected state.']);
  });

  it('never stores fields a client must not set', async () => {
    const user = await signUp(testApp, {
      overrides: { kyc: 'approved', role: 'operator', two_fa_activated_at: '2020-01-01' },
    });
    const { rows } = await testApp.database.db.$client.query(
      'select kyc, role, two_fa_activated_at, email_verified_at from users where id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ kyc: 'pending', role: 'investor', two_fa_activated_at: null, email_verified_at: null });
  });

  it('lets two simultaneous sign-ups with one email create only one account', async () => {
    const body = await registration(testApp);
    const responses = await Promise.all([register(body), register({ ...body, username: `${body.username}x` })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
  });
});

describe('an account whose email is not verified', () => {
  it('may read /user and log out, and is refused elsewhere with 403', async () => {
    const user = await signUp(testApp);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email_verified_at).toBeNull();
    const elsewhere = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/watchlist',
      headers: bearer(user.token),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Verify your email address first.');
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(user.token) });
    expect(logout.statusCode).toBe(200);
  });
});

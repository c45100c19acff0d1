import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, londonPlaces, signUp, stepUp, type SignedUpUser } from '../../../test/fixtures.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const send = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) => testApp.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
const me = async (user: SignedUpUser) =>
  (await send('GET', '/api/user', user.token)).json().data.user as Record<string, unknown>;
const placeIds = async (sql: string) => (await testApp.database.db.$client.query<{ id: number }>(sql)).rows[0]?.id;

describe('POST /api/user/profile', () => {
  it('saves the given fields and keeps the blank ones', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await send('POST', '/api/user/profile', user.token, {
      _method: 'PATCH',
      first_name: 'Augusta',
      last_name: '',
      phone: '  ',
      address: null,
      zipcode: 'W1A 1AA',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile updated.');
    expect(response.json().data.user).toMatchObject({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      phone: '+44 20 7946 0958',
      zipcode: 'W1A 1AA',
    });
  });

  it('refuses a phone number that is not one and keeps the stored one', async () => {
    const user = await signUp(testApp, { verified: true });
    for (const phone of ['abc', '12345', '+44 20 7946 0958 ext. 12', '1234567890123456']) {
      const response = await send('PATCH', '/api/user/profile', user.token, { phone });
      expect(response.statusCode, phone).toBe(422);
      expect(response.json().errors.phone).toEqual(['Enter a phone number of 7 to 15 digits, like +44 20 7946 0958.']);
    }
    const saved = await send('PATCH', '/api/user/profile', user.token, { phone: '(212) 555-0142' });
    expect(saved.json().data.user.phone).toBe('(212) 555-0142');
  });

  it('moves to another country, state and city that belong together, and refuses ones that do not', async () => {
    const user = await signUp(testApp, { verified: true });
    const france = await placeIds("select id from countries where iso_code = 'FR'");
    const ileDeFrance = await placeIds(
      "select s.id from states s join countries c on c.id = s.country_id where c.iso_code = 'FR' and s.name like 'Île-de-France%'",
    );
    const paris = await placeIds(`select id from cities where state_id = ${ileDeFrance} and name = 'Paris'`);
    const places = await londonPlaces(testApp);

    const mismatch = await send('PATCH', '/api/user/profile', user.token, { country_id: france });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.state_id).toEqual(['The selected state does not belong to the selected country.']);
    const noCity = await send('PATCH', '/api/user/profile', user.token, { country_id: france, state_id: ileDeFrance });
    expect(noCity.json().errors.city).toEqual(['Choose a city in the selected state.']);
    const wrongCity = await send('PATCH', '/api/user/profile', user.token, {
      country_id: france,
      state_id: ileDeFrance,
      city: places.cityId,
    });
    expect(wrongCity.json().errors.city).toEqual(['The selected city is not in the selected state.']);

    const moved = await send('PATCH', '/api/user/profile', user.token, {
      country_id: france,
      state_id: ileDeFrance,
      city: paris,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.user).toMatchObject({
      country_id: france,
      state_id: ileDeFrance,
      city_id: paris,
      city: 'Paris',
    });
  });

  it('refuses a date of birth under 18 and unknown reference ids', async () => {
    const user = await signUp(testApp, { verified: true });
    const young = new Date(Date.now() - 17 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const response = await send('PATCH', '/api/user/profile', user.token, {
      dob: young,
      nationality: 999_999,
      currency_id: 77,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      dob: ['You must be at least 18 years old to open an account.'],
      nationality: ['The selected nationality is invalid.'],
      currency_id: ['The selected currency is invalid.'],
    });
  });

  it('moves wallets already opened (empty) to the new currency with the account', async () => {
    const user = await signUp(testApp, { verified: true });
    expect((await send('GET', '/api/user?include=wallet', user.token)).statusCode).toBe(200);
    const euro = await placeIds("select id from currencies where code = 'EUR'");
    expect(
      (await send('POST', '/api/user/profile', user.token, { _method: 'PATCH', currency_id: euro })).statusCode,
    ).toBe(200);
    const { rows } = await testApp.database.db.$client.query(
      'select distinct currency from ledger_accounts where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ currency: 'EUR' }]);
  });
});

describe('POST /api/user/profile/password', () => {
  it('needs the old password, follows the sign-up policy, and keeps only the current session', async () => {
    const user = await signUp(testApp, { verified: true });
    const other = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { login: user.email, password: user.password },
      })
    ).json().data.token as string;
    const change = (body: Record<string, string>) => send('POST', '/api/user/profile/password', user.token, body);
    await stepUp(testApp, user);

    const wrongOld = await change({
      old_password: 'not it at all',
      new_password: 'fresh passphrase 2026',
      new_password_confirmation: 'fresh passphrase 2026',
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().errors.old_password).toEqual(['The old password is incorrect.']);
    const common = await change({
      old_password: user.password,
      new_password: 'iloveyou',
      new_password_confirmation: 'iloveyou',
    });
    expect(common.json().errors.new_password).toEqual([
      'This password is too common. Choose one that is harder to guess.',
    ]);
    const mismatch = await change({
      old_password: user.password,
      new_password: 'fresh passphrase 2026',
      new_password_confirmation: 'fresh passphrase 2027',
    });
    expect(mismatch.json().message).toBe('Passwords do not match!');

    const done = await change({
      old_password: user.password,
      new_password: 'fresh passphrase 2026',
      new_password_confirmation: 'fresh passphrase 2026',
    });
    expect(done.statusCode).toBe(200);
    expect((await send('GET', '/api/user', user.token)).statusCode).toBe(200);
    expect((await send('GET', '/api/user', other)).statusCode).toBe(401);
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: user.email, password: 'fresh passphrase 2026' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('POST /api/user/profile/two-fa', () => {
  it('switches on with the token alone, but off only with the password or an emailed code', async () => {
    const user = await signUp(testApp, { verified: true });
    const on = await send('POST', '/api/user/profile/two-fa', user.token);
    expect(on.statusCode).toBe(200);
    expect(on.json().data.user.two_fa_activated_at).not.toBeNull();

    await stepUp(testApp, user);
    const tokenAlone = await send('POST', '/api/user/profile/two-fa', user.token);
    expect(tokenAlone.statusCode).toBe(422);
    expect(tokenAlone.json().message).toBe(
      'Enter your password or the code we emailed you to switch two-factor sign-in off.',
    );
    const wrongPassword = await send('POST', '/api/user/profile/two-fa', user.token, { password: 'a wrong guess' });
    expect(wrongPassword.statusCode).toBe(422);
    expect((await me(user))['two_fa_activated_at']).not.toBeNull();

    const offWithPassword = await send('POST', '/api/user/profile/two-fa', user.token, { password: user.password });
    expect(offWithPassword.json()).toMatchObject({
      message: 'Two-factor sign-in is off.',
      data: { user: { two_fa_activated_at: null } },
    });

    await send('POST', '/api/user/profile/two-fa', user.token);
    expect((await send('POST', '/api/user/profile/two-fa/code', user.token)).statusCode).toBe(200);
    const code = await testApp.outbox.code(user.email, 'switch off two-factor');
    const offWithCode = await send('POST', '/api/user/profile/two-fa', user.token, { code });
    expect(offWithCode.json().data.user.two_fa_activated_at).toBeNull();
  });

  it('asks for a code at the next sign-in once switched on', async () => {
    const user = await signUp(testApp, { verified: true });
    await send('POST', '/api/user/profile/two-fa', user.token);
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: user.email, password: user.password },
    });
    const waiting = signIn.json().data.token as string;
    expect((await send('GET', '/api/user', waiting)).statusCode).toBe(403);
  });
});

describe('notification preferences', () => {
  it('are all on by default and change one at a time', async () => {
    const user = await signUp(testApp, { verified: true });
    const initial = await send('GET', '/api/user/notifications', user.token);
    expect(initial.json().data.notifications).toEqual({
      price_alert: true,
      device_login_alert: true,
      email_notifications: true,
    });
    const changed = await send('PATCH', '/api/user/notifications', user.token, { price_alert: false });
    expect(changed.json().data.notifications).toEqual({
      price_alert: false,
      device_login_alert: true,
      email_notifications: true,
    });
    const unknown = await send('PATCH', '/api/user/notifications', user.token, { sms: true });
    expect(unknown.statusCode).toBe(422);
  });

  it('email a new-device alert for a browser not seen before, and not when switched off', async () => {
    const user = await signUp(testApp, { verified: true });
    const signInFrom = (deviceId: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { login: user.email, password: user.password },
        headers: { 'x-device-id': deviceId, 'user-agent': `Browser ${deviceId}` },
      });
    const alertMails = async () =>
      (await testApp.outbox.all()).filter(
        (mail) => mail.to === user.email && mail.subject === 'New sign-in to your Itrust account',
      );
    const alerts = async () => (await alertMails()).length;
    // The sign-up browser (no device id) is the first known one; each other browser is new once.
    await signInFrom('device-aaaa-1111');
    await signInFrom('device-aaaa-1111');
    await signInFrom('device-bbbb-2222');
    for (let waited = 0; (await alerts()) < 2 && waited < 100; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const texts = (await alertMails()).map((mail) => mail.text);
    expect(texts).toHaveLength(2);
    expect(texts.some((text) => text.includes('Browser: Browser device-aaaa-1111'))).toBe(true);
    expect(texts.some((text) => text.includes('Browser: Browser device-bbbb-2222'))).toBe(true);

    await send('PATCH', '/api/user/notifications', user.token, { device_login_alert: false });
    await signInFrom('device-cccc-3333');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await alerts()).toBe(2);
  });
});

import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Database } from '../src/db/client.ts';
import { createOperator } from '../src/modules/admin/operators.ts';
import type { WalletService } from '../src/modules/ledger/wallet.service.ts';
import type { TestApp } from './app.ts';
import { withAuthenticator } from './authenticator.ts';

type Places = { countryId: number; stateId: number; cityId: number; nationalityId: number; currencyId: number };
const placesByApp = new WeakMap<TestApp, Places>();

/** United Kingdom, England, London, British, USD: real ids from the seeded reference data of any database. */
export async function londonPlacesIn(db: Database): Promise<Places> {
  const { rows } = await db.$client.query<Places>(`
    select c.id as "countryId", s.id as "stateId", ci.id as "cityId",
           (select id from nationalities where name = 'British') as "nationalityId",
           (select id from currencies where code = 'USD') as "currencyId"
    from countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG' and ci.name = 'London'`);
  const places = rows[0];
  if (!places) throw new Error('reference data lacks London');
  return places;
}

export async function londonPlaces(testApp: TestApp): Promise<Places> {
  const cached = placesByApp.get(testApp);
  if (cached) return cached;
  const places = await londonPlacesIn(testApp.database.db);
  placesByApp.set(testApp, places);
  return places;
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export function yearsAgo(years: number, from = new Date(), extraDays = 0): string {
  const date = new Date(Date.UTC(from.getUTCFullYear() - years, from.getUTCMonth(), from.getUTCDate() + extraDays));
  return date.toISOString().slice(0, 10);
}

export async function registration(testApp: TestApp, overrides: Record<string, unknown> = {}) {
  return registrationBody(await londonPlaces(testApp), overrides);
}

/** A complete, valid sign-up body in London with a unique email and username. */
export function registrationBody(places: Places, overrides: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  const body = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada.${suffix}@example.com`,
    username: `ada_${suffix}`,
    password: 'analytical engine 1843',
    password_confirmation: 'analytical engine 1843',
    phone: '+44 20 7946 0958',
    address: '12 St James Square',
    country_id: places.countryId,
    state_id: places.stateId,
    city: places.cityId,
    zipcode: 'SW1Y 4JH',
    date_of_birth: '1990-12-10',
    nationality: places.nationalityId,
    currency_id: places.currencyId,
    experience: 'intermediate',
    employed: 'employed',
    family: 'no',
    referral: '',
    terms: true,
  };
  const merged: typeof body & Record<string, unknown> = Object.assign(body, overrides);
  return merged;
}

export type SignedUpUser = { email: string; username: string; password: string; token: string; id: string };

/** Signs up through the API; `verified` also verifies the email with the code from the outbox. */
export async function signUp(
  testApp: TestApp,
  options: { verified?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<SignedUpUser> {
  const body = await registration(testApp, options.overrides);
  const response = await testApp.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const { token, user } = response.json().data as { token: string; user: { id: string } };
  const signedUp = { email: body.email, username: body.username, password: body.password, token, id: user.id };
  if (options.verified) {
    const code = await testApp.outbox.code(body.email, 'email verification code');
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/email/verify',
      headers: bearer(token),
      payload: { code },
    });
    if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  }
  return signedUp;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A step-up through the API: the emailed code, so that the session may make risky changes for 5 minutes. */
export async function stepUp(testApp: TestApp, user: { email: string; token: string }): Promise<void> {
  // A session that stepped up a moment ago needs no new code (codes may be asked for once per 30 s).
  const { rows } = await testApp.database.db.$client.query<{ at: Date | null }>(
    "select second_step_at as at from access_tokens where token_hash = sha256(convert_to($1, 'utf8'))",
    [user.token],
  );
  const now = (testApp.dependencies.clock?.now() ?? new Date()).getTime();
  const at = rows[0]?.at;
  if (at && now - at.getTime() < 4 * 60 * 1000) return;
  const send = (url: string, payload?: Record<string, unknown>) =>
    testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  const sent = await send('/api/user/security/step-up/code');
  if (sent.statusCode !== 200) throw new Error(`no step-up code was sent: ${sent.body}`);
  const code = await testApp.outbox.code(user.email, 'confirmation code');
  const confirmed = await send('/api/user/security/step-up', { code });
  if (confirmed.statusCode !== 200) throw new Error(`the step-up failed: ${confirmed.body}`);
}

/**
 * Saves a withdrawal destination (a bank account unless `method` says otherwise) through the API,
 * after a step-up, as one saved a day ago (so that withdrawals may go to it): returns its id.
 */
export async function savedDestination(
  testApp: TestApp,
  user: { email: string; token: string },
  method?: Record<string, unknown>,
): Promise<string> {
  await stepUp(testApp, user);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/payment-method',
    headers: bearer(user.token),
    payload: method ?? {
      type: 'bank',
      label: 'Main',
      account_number: '12345678',
      account_name: 'Ada Lovelace',
      bank_name: 'Babbage Bank',
      routing_number: '40-11-62',
      bank_address: '1 Analytical Row, London',
    },
  });
  if (response.statusCode !== 201) throw new Error(`the bank account was not saved: ${response.body}`);
  const id = response.json().data.payment_method.id as string;
  await testApp.database.db.$client.query(
    "update payment_methods set created_at = created_at - interval '1 day', usable_at = usable_at - interval '1 day' where id = $1",
    [id],
  );
  return id;
}

/**
 * A new operator, signed in through the password and the emailed code, who then sets up the
 * authenticator app the console asks for: returns the session token.
 */
export async function signedInOperator(testApp: TestApp): Promise<string> {
  const token = await operatorWithEmailCodes(testApp);
  await withAuthenticator(testApp, token);
  return token;
}

/** A new operator with only emailed codes, whom the console refuses: returns the session token. */
export async function operatorWithEmailCodes(testApp: TestApp): Promise<string> {
  const email = `ops.${uniqueSuffix()}@itrust.test`;
  await createOperator(testApp.database.db, email, 'operator passphrase 2026');
  const waiting = (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: email, password: 'operator passphrase 2026' },
    })
  ).json().data.token as string;
  const code = await testApp.outbox.code(email, 'sign-in code');
  return (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/user/verify-two-fa',
      headers: bearer(waiting),
      payload: { code },
    })
  ).json().data.token as string;
}

/** Turns two-factor sign-in on for the user, in the database. */
export async function withTwoFactor(testApp: TestApp, user: { id: string }) {
  await testApp.database.db.$client.query('update users set two_fa_activated_at = now() where id = $1', [user.id]);
}

/** Signs in with the right password: returns the token waiting for the second step and the code mailed for it. */
export async function signInForCode(testApp: TestApp, user: SignedUpUser) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { token: response.json().data.token as string, code: await testApp.outbox.code(user.email, 'sign-in code') };
}

/** An approved investor whose bank deposit of `amount` was approved and moved into the `into` wallet. */
export async function fundedInvestor(
  testApp: TestApp,
  wallet: WalletService,
  amount: string,
  into: 'auto' | 'brokerage',
): Promise<SignedUpUser> {
  const user = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal(amount), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(user.id, { amount: new Decimal(amount), from: 'cash', to: into });
  return user;
}

/** A stock of the test's own at 100, which only the test moves: other tests' orders and plans never touch it. */
export async function listedStock(db: Database, symbol: string): Promise<number> {
  const { rows } = await db.$client.query<{ asset_id: number }>(
    `with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
      values ($1, 'Test Corp', 'stocks', '2020-01-01', 0.3, 1000000, 100) returning id)
    insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
    select id, 100, 100, 100, 100, 100, 0, 1000, 1000000, current_date, now() from asset returning asset_id`,
    [symbol],
  );
  const listed = rows[0];
  if (!listed) throw new Error(`stock ${symbol} was not listed`);
  return listed.asset_id;
}

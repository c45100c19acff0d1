import { Decimal } from 'decimal.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test/app.ts';
import { bearer, signUp, stepUp, type SignedUpUser } from '../../test/fixtures.ts';
import { fingerprint, investorTables } from '../../test/fingerprint.ts';
import { multipart } from '../../test/multipart.ts';
import { createSoftAuthenticator } from '../../test/passkey-authenticator.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/**
 * The access-control matrix: every route of the OpenAPI document is called without a token, with
 * an expired one, with one from before the second step and, under /api/admin, as an investor; and
 * every route that takes an object id is called by another investor with the first one's ids.
 */
const clock = createTestClock(new Date(Date.now() + 60_000));
let testApp: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
const ids: Record<string, string> = {};
type Route = { method: string; path: string };
let routes: Route[];

/**
 * Routes anyone may call: sign-up, sign-in, password reset, undoing an email change from the old
 * address, reference data, market data, health, docs.
 */
const publicRoutes = new Set([
  'POST /api/user/register',
  'POST /api/user/login',
  'POST /api/user/login/passkey/options',
  'POST /api/user/login/passkey',
  'POST /api/user/password/check',
  'POST /api/user/password/forgot',
  'POST /api/user/password/verify',
  'POST /api/user/password/reset',
  'POST /api/user/password/reset-link',
  'POST /api/user/profile/email/undo',
]);
const isPublic = (route: Route) =>
  publicRoutes.has(`${route.method} ${route.path}`) || !/^\/api\/(user|admin)/.test(route.path);

const sql = (text: string, values: unknown[] = []) => testApp.database.db.$client.query(text, values);
const call = (route: Route, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: route.method as 'GET',
    url: route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : '1',
    ),
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

/** Everything an investor owns: a refused request must leave it as it was. */
const owned = [...investorTables, 'users'];
const ownedFingerprint = () => fingerprint(testApp.database.db, owned);

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', WITHDRAWAL_MIN: '1' }, { clock });
  const document = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );

  owner = await signUp(testApp, { verified: true });
  other = await signUp(testApp, { verified: true });
  const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const body = multipart({ _method: 'PATCH', id_type: 'national_passport', id_number: 'P-1' }, [
    { name: 'front_id', fileName: 'front.png', contentType: 'image/png', bytes: image },
    { name: 'back_id', fileName: 'back.png', contentType: 'image/png', bytes: image },
  ]);
  const kyc = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/profile/kyc',
    headers: { ...bearer(owner.token), ...body.headers },
    payload: body.payload,
  });
  expect(kyc.statusCode).toBe(200);
  await sql("update users set kyc = 'approved' where id = any($1)", [[owner.id, other.id]]);
  ids['kycDocument'] = (await sql('select id from kyc_documents where user_id = $1 limit 1', [owner.id])).rows[0]?.id;

  const post = (url: string, payload: Record<string, unknown>, user = owner) =>
    testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  // Money arrives the way it really does: a deposit an operator confirms.
  const wallet = walletServiceFor(
    testApp.database.db,
    clock,
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  for (const user of [owner, other]) {
    const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('5000'), mode: 'bank' });
    await wallet.approve(deposit.id);
    await wallet.swap(user.id, { amount: new Decimal('2000'), from: 'cash', to: 'brokerage' });
  }
  ids['transaction'] = (
    await post('/api/user/transaction/deposit', { amount: '100', mode: 'bank' })
  ).json().data.transaction.id;
  await stepUp(testApp, owner);
  const method = await post('/api/user/payment-method', {
    type: 'bank',
    account_number: '12345678',
    account_name: 'Owner',
    bank_name: 'Bank',
    routing_number: '00-00-00',
    bank_address: '1 Street',
  });
  ids['paymentMethod'] = method.json().data?.payment_method?.id;
  const asset = (await sql("select id from assets where symbol = 'AAPL'")).rows[0]?.id;
  const bought = await post('/api/user/position/store', { asset_id: asset, quantity: '1', wallet: 'brokerage' });
  ids['position'] = bought.json().data.position.id;
  const starred = await post('/api/user/watchlist/store', { asset_id: asset });
  expect(starred.statusCode).toBe(201);
  ids['watchlist'] = (await sql('select id from watchlist_entries where user_id = $1', [owner.id])).rows[0]?.id;
  const product = (await sql("select id from savings_products where name = 'Cash Management Account'")).rows[0]?.id;
  await post('/api/user/savings-accounts/store', { savings_account_id: product });
  await post('/api/user/savings-accounts/credit', {
    savings_account_id: product,
    method: 'contribution',
    amount: '1000',
  });
  ids['savingsProduct'] = String(product);
  const options = (await post('/api/user/passkeys/options', {})).json().data.options;
  const { credential } = createSoftAuthenticator(testApp.config.passkeys.origin).create(options);
  ids['passkey'] = (await post('/api/user/passkeys', { name: 'Laptop', credential })).json().data?.passkey?.id;
  ids['session'] = (await sql('select id from access_tokens where user_id = $1 limit 1', [owner.id])).rows[0]?.id;
  for (const [name, id] of Object.entries(ids)) expect(id, name).toBeTruthy();
}, 60_000);
afterAll(() => testApp.close());

describe("another investor with the first one's ids", () => {
  it('gets 404 on every route that takes an object id, and nothing changes', async () => {
    const before = await ownedFingerprint();
    const attempts: [string, Promise<{ statusCode: number }>][] = [];
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      testApp.app.inject({ method, url, headers: bearer(other.token), ...(payload ? { payload } : {}) });
    attempts.push(['cancel a transaction', as('POST', `/api/user/transaction/cancel/${ids['transaction']}`, {})]);
    attempts.push([
      'close a position',
      as('PUT', `/api/user/position/close/${ids['position']}`, {
        position_id: ids['position'],
        quantity: '1',
        wallet: 'brokerage',
      }),
    ]);
    attempts.push(['remove a watchlist entry', as('DELETE', `/api/user/watchlist/destroy/${ids['watchlist']}`)]);
    attempts.push(['read a KYC document', as('GET', `/api/user/kyc-documents/${ids['kycDocument']}`)]);
    attempts.push([
      'withdraw to a payment method',
      as('POST', '/api/user/transaction/withdraw', { amount: '10', payment_method_id: ids['paymentMethod'] }),
    ]);
    attempts.push([
      'cash out a savings account',
      as('POST', '/api/user/savings-accounts/debit', {
        savings_account_id: ids['savingsProduct'],
        method: 'cashout',
        amount: '1000',
      }),
    ]);
    attempts.push(['remove a passkey', as('DELETE', `/api/user/passkeys/${ids['passkey']}`)]);
    attempts.push(['sign out a session', as('DELETE', `/api/user/security/sessions/${ids['session']}`)]);
    for (const [name, attempt] of attempts) expect((await attempt).statusCode, name).toBe(404);
    expect(await ownedFingerprint()).toBe(before);
  });
});

describe('every route of the API', () => {
  it('refuses a caller without a token with 401, unless the route is public', async () => {
    expect(routes.length).toBeGreaterThan(40);
    console.info(
      `access matrix: ${routes.length} operations, ${routes.filter((route) => !isPublic(route)).length} behind a token`,
    );
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => !isPublic(candidate))) {
      const response = await call(route);
      if (response.statusCode !== 401) wrong.push(`${route.method} ${route.path}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every /api/admin route to an investor with 403', async () => {
    const admin = routes.filter((route) => route.path.startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThan(8);
    for (const route of admin) expect((await call(route, bearer(owner.token))).statusCode, route.path).toBe(403);
  });

  it('refuses a token from before the second step with 403, except on the second-step routes', async () => {
    await sql('update users set two_fa_activated_at = now() where id = $1', [other.id]);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: other.email, password: other.password },
    });
    const waiting = login.json().data.token as string;
    const secondStep = new Set([
      'POST /api/user/verify-two-fa',
      'POST /api/user/verify-two-fa/recovery',
      'POST /api/user/resend-two-fa',
      'POST /api/user/verify-two-fa/passkey/options',
      'POST /api/user/verify-two-fa/passkey',
      'POST /api/user/logout',
    ]);
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => !isPublic(candidate))) {
      if (secondStep.has(`${route.method} ${route.path}`)) continue;
      const response = await call(route, bearer(waiting));
      if (response.statusCode !== 403) wrong.push(`${route.method} ${route.path}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an expired token with 401 everywhere', async () => {
    clock.advance(testApp.config.tokenLifetimeMs + 60_000);
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => !isPublic(candidate))) {
      const response = await call(route, bearer(owner.token));
      if (response.statusCode !== 401) wrong.push(`${route.method} ${route.path}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

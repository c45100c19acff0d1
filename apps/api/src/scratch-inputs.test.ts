import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, registration, signUp } from '../test/fixtures.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

it('probes', async () => {
  const user = await signUp(testApp, { verified: true });
  const call = async (method: string, url: string, payload?: unknown, auth = true) => {
    const r = await testApp.app.inject({ method: method as 'POST', url, payload: payload as object, headers: auth ? bearer(user.token) : {} });
    let body: { message?: string; errors?: unknown } = {};
    try { body = r.json(); } catch { body = { message: r.body.slice(0, 80) }; }
    console.log('PROBE', method, url, JSON.stringify(payload)?.slice(0, 80), '→', r.statusCode, body.message, JSON.stringify(body.errors ?? '').slice(0, 200));
  };
  await call('POST', '/api/user/login', { login: ['a'], password: 'x' }, false);
  await call('POST', '/api/user/login', { login: null, password: null }, false);
  await call('POST', '/api/user/login', {}, false);
  await call('POST', '/api/user/login', 'not json', false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), email: 'x'.repeat(300) + '@example.com' }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), first_name: null }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), date_of_birth: '2099-01-01' }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), date_of_birth: '1990-02-30' }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), country_id: 'abc' }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), country_id: 999999 }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), terms: 'yes' }, false);
  await call('POST', '/api/user/register', { ...(await registration(testApp)), phone: 'abc' }, false);
  await call('POST', '/api/user/email/verify', { code: 123 });
  await call('POST', '/api/user/email/verify', { code: null });
  await call('POST', '/api/user/password/forgot', { email: 12 }, false);
  await call('POST', '/api/user/password/forgot', { email: 'not-an-email' }, false);
  await call('POST', '/api/user/payment-method', { type: 'bank', label: 'x', account_number: null });
  await call('POST', '/api/user/payment-method', { type: 'card' });
  await call('POST', '/api/user/payment-method', { type: 'bank', label: 'Main', account_number: '1'.repeat(200), account_name: 'A', bank_name: 'B', routing_number: 'C', bank_address: 'D' });
  await call('GET', '/api/user/transaction?page=abc');
  await call('GET', '/api/user/transaction?page=-1');
  await call('GET', '/api/user/transaction?per_page=100000');
  await call('GET', '/api/user/transaction?sort=drop');
  await call('GET', '/api/assets?per_page=0');
  await call('GET', '/api/assets?sort=;drop');
  await call('GET', '/api/user/analytics?timeframe=2y');
  await call('POST', '/api/user/transaction/cancel/not-a-uuid');
  await call('POST', '/api/user/transaction/cancel/00000000-0000-0000-0000-000000000000');
  await call('PUT', '/api/user/position/close/not-a-uuid', { quantity: '1' });
  await call('POST', '/api/user/watchlist/store', { asset_id: null });
  await call('POST', '/api/user/watchlist/destroy/abc');
  await call('POST', '/api/user/profile/password', { current_password: 1, password: 2, password_confirmation: 3 });
  await call('POST', '/api/user/profile/two-fa', { enable: 'maybe' });
  await call('POST', '/api/user/savings-accounts/store', { savings_account_id: 'x' });
  await call('POST', '/api/user/auto', { model: 'nope' });
  await call('POST', '/api/user/transaction/deposit', { amount: '60000', mode: 'paypal' });
  await call('POST', '/api/user/transaction/deposit', { amount: '60000', mode: 'crypto', coin: 'DOGE' });
  await call('POST', '/api/user/transaction/withdraw', { amount: '5000', payment_method_id: 'nope' });
  await call('POST', '/api/user/transaction/swap', { amount: '5', from: 'cash', to: 'cash' });
  await call('POST', '/api/user/transaction/swap', { amount: '5', from: 'savings', to: 'cash' });
}, 60_000);

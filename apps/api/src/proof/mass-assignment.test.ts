import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, registration, savedDestination, signUp, stepUp, type SignedUpUser } from '../../test/fixtures.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/** Fields no client may set, sent with every write. */
const smuggled = {
  status: 'approved',
  balance: '1000000000',
  user_id: '00000000-0000-4000-8000-000000000001',
  role: 'operator',
  kyc: 'approved',
  email_verified_at: '2020-01-01T00:00:00Z',
  two_fa_activated_at: '2020-01-01T00:00:00Z',
  usable_at: '2020-01-01T00:00:00Z',
  second_step_at: '2099-01-01T00:00:00Z',
};

let testApp: TestApp;
let user: SignedUpUser;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', WITHDRAWAL_MIN: '1' });
  user = await signUp(testApp, { verified: true });
  const wallet = walletServiceFor(
    testApp.database.db,
    { now: () => new Date() },
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('5000'), mode: 'bank' });
  await wallet.approve(deposit.id);
});
afterAll(() => testApp.close());

const sql = (text: string, values: unknown[] = []) => testApp.database.db.$client.query(text, values);
const guarded = async (userId: string) =>
  (
    await sql(
      'select role::text, kyc::text, email_verified_at is not null as verified, two_fa_activated_at from users where id = $1',
      [userId],
    )
  ).rows[0];

describe('mass assignment', () => {
  it('stores none of the smuggled fields through any write endpoint', async () => {
    const before = await guarded(user.id);
    expect(before).toMatchObject({ role: 'investor', kyc: 'pending', verified: true, two_fa_activated_at: null });
    const writes: { method: 'POST' | 'PUT' | 'PATCH'; url: string; payload: Record<string, unknown> }[] = [
      { method: 'POST', url: '/api/user/profile', payload: { _method: 'PATCH', first_name: 'Grace' } },
      { method: 'POST', url: '/api/user/notifications', payload: { email_notifications: true } },
      { method: 'POST', url: '/api/user/transaction/deposit', payload: { amount: '150', mode: 'bank' } },
      { method: 'POST', url: '/api/user/transaction/swap', payload: { amount: '100', from: 'cash', to: 'brokerage' } },
      {
        method: 'POST',
        url: '/api/user/payment-method',
        payload: {
          type: 'bank',
          account_number: '87654321',
          account_name: 'Grace',
          bank_name: 'Bank',
          routing_number: '11-11-11',
          bank_address: '2 Street',
        },
      },
    ];
    await stepUp(testApp, user);
    const responses: Record<string, number> = {};
    for (const write of writes) {
      const response = await testApp.app.inject({
        method: write.method,
        url: write.url,
        headers: bearer(user.token),
        payload: { ...write.payload, ...smuggled },
      });
      responses[write.url] = response.statusCode;
      // Either the extra fields are dropped (2xx) or the body is refused (422): never a 5xx.
      expect([200, 201, 422], `${write.url}: ${response.body}`).toContain(response.statusCode);
    }
    expect(responses).toEqual({
      '/api/user/profile': 200,
      // A strict schema: unknown fields refuse the whole body.
      '/api/user/notifications': 422,
      '/api/user/transaction/deposit': 201,
      '/api/user/transaction/swap': 201,
      '/api/user/payment-method': 201,
    });
    expect(await guarded(user.id)).toEqual(before);

    const deposit = (
      await sql('select status::text, user_id from transactions where user_id = $1 and amount = 150', [user.id])
    ).rows;
    expect(deposit).toEqual([{ status: 'pending', user_id: user.id }]);
    const stranger = await sql('select count(*)::int as n from transactions where user_id = $1', [smuggled.user_id]);
    expect(stranger.rows[0]?.n).toBe(0);
    const balances = await sql('select max(balance)::text as most from ledger_accounts where user_id = $1', [user.id]);
    expect(new Decimal(balances.rows[0]?.most ?? 0).lte(5000)).toBe(true);
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  });

  it('stores none of them through the trading, savings, withdrawal and automated-investing writes either', async () => {
    const trader = await signUp(testApp, { verified: true });
    await sql("update users set kyc = 'approved' where id = $1", [trader.id]);
    const wallet = walletServiceFor(
      testApp.database.db,
      { now: () => new Date() },
      createUsersRepository(testApp.database.db),
      testApp.config.limits,
    );
    const deposit = await wallet.requestDeposit(trader.id, { amount: new Decimal('5000'), mode: 'bank' });
    await wallet.approve(deposit.id);
    await wallet.swap(trader.id, { amount: new Decimal('1000'), from: 'cash', to: 'brokerage' });
    const before = await guarded(trader.id);
    const asset = (await sql("select id from assets where symbol = 'AAPL'")).rows[0]?.id;
    const product = (await sql("select id from savings_products where name = 'SEP IRA'")).rows[0]?.id;
    const methodId = await savedDestination(testApp, trader);
    const writes: { method: 'POST' | 'PUT'; url: string; payload: Record<string, unknown> }[] = [
      {
        method: 'POST',
        url: '/api/user/position/store',
        payload: { asset_id: asset, quantity: '0.1', wallet: 'brokerage' },
      },
      { method: 'POST', url: '/api/user/watchlist/store', payload: { asset_id: asset } },
      { method: 'POST', url: '/api/user/savings-accounts/store', payload: { savings_account_id: product } },
      {
        method: 'POST',
        url: '/api/user/savings-accounts/credit',
        payload: { savings_account_id: product, method: 'contribution', amount: '1000' },
      },
      {
        method: 'POST',
        url: '/api/user/transaction/withdraw',
        payload: { amount: '100', payment_method_id: methodId },
      },
      { method: 'PUT', url: '/api/user/auto', payload: { model: 'growth' } },
    ];
    for (const write of writes) {
      const response = await testApp.app.inject({
        method: write.method,
        url: write.url,
        headers: bearer(trader.token),
        payload: { ...write.payload, ...smuggled },
      });
      expect([200, 201, 422], `${write.url}: ${response.body}`).toContain(response.statusCode);
    }
    expect(await guarded(trader.id)).toEqual(before);
    const owned = await sql(
      `select (select count(*)::int from positions where user_id = $1 and status = 'open') as positions,
              (select count(*)::int from transactions where user_id = $1 and type = 'debit' and status = 'pending') as withdrawals,
              (select count(*)::int from positions where user_id = $2) as smuggled`,
      [trader.id, smuggled.user_id],
    );
    expect(owned.rows[0]).toEqual({ positions: 1, withdrawals: 1, smuggled: 0 });
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  });

  it('does not let sign-up choose a role, an identity status or a verified email', async () => {
    const body = { ...(await registration(testApp)), ...smuggled };
    const response = await testApp.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
    expect([201, 422]).toContain(response.statusCode);
    if (response.statusCode === 201) {
      const created = await guarded(response.json().data.user.id);
      expect(created).toMatchObject({ role: 'investor', kyc: 'pending', verified: false, two_fa_activated_at: null });
    }
  });
});

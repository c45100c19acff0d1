import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, registration, signUp, type SignedUpUser } from '../../test/fixtures.ts';
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
  if (deposit) await wallet.approve(deposit.id);
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
    const answers: Record<string, number> = {};
    for (const write of writes) {
      const answer = await testApp.app.inject({
        method: write.method,
        url: write.url,
        headers: bearer(user.token),
        payload: { ...write.payload, ...smuggled },
      });
      answers[write.url] = answer.statusCode;
      // Either the extra fields are dropped (2xx) or the body is refused (422): never a 5xx.
      expect([200, 201, 422], `${write.url}: ${answer.body}`).toContain(answer.statusCode);
    }
    expect(answers).toEqual({
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

  it('does not let sign-up choose a role, an identity status or a verified email', async () => {
    const body = { ...(await registration(testApp)), ...smuggled };
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
    expect([201, 422]).toContain(answer.statusCode);
    if (answer.statusCode === 201) {
      const created = await guarded(answer.json().data.user.id);
      expect(created).toMatchObject({ role: 'investor', kyc: 'pending', verified: false, two_fa_activated_at: null });
    }
  });
});

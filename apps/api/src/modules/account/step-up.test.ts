import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, stepUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { signInWithPasskey, withPasskey } from '../../../test/passkeys.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', WITHDRAWAL_MIN: '1', TOKEN_TTL_HOURS: '72' }, { clock });
});
afterAll(() => testApp.close());

const confirmFirst = (action: string) => `Confirm it is you first: your second step is needed to ${action}.`;
const fiveMinutes = 5 * 60 * 1000;
const day = 24 * 60 * 60 * 1000;
const sql = (text: string, values: unknown[]) => testApp.database.db.$client.query(text, values);
const post = (user: SignedUpUser, url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const bank = {
  type: 'bank',
  account_number: '12345678',
  account_name: 'Ada Lovelace',
  bank_name: 'Babbage Bank',
  routing_number: '40-11-62',
  bank_address: '1 Analytical Row, London',
};
const auditOf = async (user: SignedUpUser) =>
  (await sql('select action from audit_log where operator_id = $1 order by id', [user.id])).rows.map(
    (row: { action: string }) => row.action,
  );

/** Each risky change, and the request that makes it. */
const actions: [string, (user: SignedUpUser) => Promise<{ statusCode: number; body: string }>][] = [
  ['add a withdrawal destination', (user) => post(user, '/api/user/payment-method', bank)],
  [
    'change your password',
    (user) =>
      post(user, '/api/user/profile/password', {
        old_password: user.password,
        new_password: 'a fresh passphrase 2026',
        new_password_confirmation: 'a fresh passphrase 2026',
      }),
  ],
  [
    'change your email address',
    (user) =>
      post(user, '/api/user/profile', { email: `new.${user.username}@example.org`, current_password: user.password }),
  ],
  ['switch two-factor sign-in off', (user) => post(user, '/api/user/profile/two-fa', { password: user.password })],
];

describe('a risky change', () => {
  for (const [action, make] of actions) {
    it(`is refused without a recent second step, and made with one: ${action}`, async () => {
      const user = await signUp(testApp, { verified: true });
      if (action.includes('two-factor')) await post(user, '/api/user/profile/two-fa');
      const refused = await make(user);
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({
        message: confirmFirst(action),
        errors: { step_up: [confirmFirst(action)] },
      });
      expect(await auditOf(user)).toEqual([]);

      await stepUp(testApp, user);
      const made = await make(user);
      expect(made.statusCode, made.body).toBeLessThan(300);
      expect((await auditOf(user)).length).toBe(1);
    });
  }

  it('is refused again once the second step is more than 5 minutes old', async () => {
    const user = await signUp(testApp, { verified: true });
    await stepUp(testApp, user);
    clock.advance(fiveMinutes + 1000);
    const refused = await post(user, '/api/user/payment-method', bank);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(confirmFirst('add a withdrawal destination'));
  });

  it('refuses a wrong step-up code and counts nothing as done', async () => {
    const user = await signUp(testApp, { verified: true });
    expect((await post(user, '/api/user/security/step-up/code')).statusCode).toBe(200);
    const code = await testApp.outbox.code(user.email, 'confirmation code');
    const wrong = await post(user, '/api/user/security/step-up', { code: code === '000000' ? '000001' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('The code is incorrect.');
    expect((await post(user, '/api/user/payment-method', bank)).statusCode).toBe(403);
    const right = await post(user, '/api/user/security/step-up', { code });
    expect(right.json().message).toBe('Thank you: you can make security changes for the next 5 minutes.');
    expect((await post(user, '/api/user/payment-method', bank)).statusCode).toBe(201);
  });

  it('is allowed right after a sign-in that passed the second step', async () => {
    const user = await signUp(testApp, { verified: true });
    await sql('update users set two_fa_activated_at = now() where id = $1', [user.id]);
    const waiting = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { login: user.email, password: user.password },
    });
    const code = await testApp.outbox.code(user.email, 'sign-in code');
    const signedIn = await post({ ...user, token: waiting.json().data.token }, '/api/user/verify-two-fa', { code });
    const session = { ...user, token: signedIn.json().data.token as string };
    expect((await post(session, '/api/user/payment-method', bank)).statusCode).toBe(201);
  });

  it('is mailed to the owner', async () => {
    const user = await signUp(testApp, { verified: true });
    await stepUp(testApp, user);
    await post(user, '/api/user/payment-method', bank);
    const mail = await testApp.outbox.waitFor(user.email, 'A withdrawal destination was added to your Itrust account');
    expect(mail.text).toContain('Money can go to it from');
  });
});

describe('a new withdrawal destination', () => {
  const funded = async () => {
    const user = await signUp(testApp, { verified: true });
    await sql("update users set kyc = 'approved' where id = $1", [user.id]);
    const wallet = walletServiceFor(testApp.database.db, clock, createUsersRepository(testApp.database.db), {
      cryptoDeposit: [1, 1_000_000],
      bankDeposit: [1, 1_000_000],
      withdrawal: [1, 1_000_000],
    });
    await wallet.approve((await wallet.requestDeposit(user.id, { amount: new Decimal('500'), mode: 'bank' })).id);
    return user;
  };
  const withdraw = (user: SignedUpUser, id: string) =>
    post(user, '/api/user/transaction/withdraw', { amount: '10', payment_method_id: id });

  it('can be used only a day after it was added, however fresh an emailed second step', async () => {
    const user = await funded();
    await stepUp(testApp, user);
    const added = (await post(user, '/api/user/payment-method', bank)).json().data.payment_method;
    expect(new Date(added.usable_at).getTime() - new Date(added.created_at).getTime()).toBe(day);
    const refused = await withdraw(user, added.id);
    expect(refused.statusCode).toBe(403);
    const from = new Date(added.usable_at).toISOString().slice(0, 16).replace('T', ' ');
    expect(refused.json().message).toBe(
      `This withdrawal destination can be used from ${from} UTC, or now once you confirm it with an authenticator app or a passkey.`,
    );
    clock.advance(day);
    expect((await withdraw(user, added.id)).statusCode).toBe(201);
  });

  it('asks for a fresh second step to withdraw to it within its first day', async () => {
    const owner = await funded();
    // A passkey sign-in is a fresh and strong second step: no step-up, and no day to wait.
    const user = { ...owner, token: await signInWithPasskey(testApp, await withPasskey(testApp, owner)) };
    const added = (await post(user, '/api/user/payment-method', bank)).json().data.payment_method;
    expect(added.usable_at).toBe(added.created_at);
    expect((await withdraw(user, added.id)).statusCode).toBe(201);
    clock.advance(fiveMinutes + 1000);
    const stale = await withdraw(user, added.id);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(confirmFirst('withdraw to a destination added in the last 24 hours'));
  });
});

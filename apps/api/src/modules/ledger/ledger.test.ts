import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { bearer, signUp } from '../../../test/fixtures.ts';
import { bankMethod, fund, investor, post, testApp, useWalletApp, wallet, wallets } from '../../../test/wallet-app.ts';

useWalletApp();

describe('withdrawals under concurrency', () => {
  it('accepts exactly 100 of 200 parallel withdrawals of 10 from 1,000 and never goes negative', async () => {
    const user = await investor();
    await fund(user, '1000.00');
    const methodId = await bankMethod(user);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        post(user, '/api/user/transaction/withdraw', { amount: '10.00', payment_method_id: methodId, type: 'debit' }),
      ),
    );
    const accepted = responses.filter((response) => response.statusCode === 201).length;
    const refused = responses.filter((response) => response.statusCode === 422);
    expect(accepted).toBe(100);
    expect(refused).toHaveLength(100);
    expect(refused[0]?.json().message).toBe('Insufficient balance for this amount.');
    expect((await wallets(user)).cash).toMatchObject({ balance: '1000.00', held: '1000.00', available: '0.00' });
  });
});

describe('pending transactions', () => {
  it('reach exactly one final state when a cancel races an approval, 50 times', async () => {
    const user = await investor();
    await fund(user, '5000.00');
    const methodId = await bankMethod(user);
    let cancelled = 0;
    let approved = 0;
    for (let round = 0; round < 50; round += 1) {
      const request = await post(user, '/api/user/transaction/withdraw', {
        amount: '20.00',
        payment_method_id: methodId,
      });
      const id = request.json().data.transaction.id as string;
      const [cancel, approval] = await Promise.allSettled([
        post(user, `/api/user/transaction/cancel/${id}`, {}),
        wallet.approve(id),
      ]);
      const cancelWon = cancel.status === 'fulfilled' && cancel.value.statusCode === 200;
      const approvalWon = approval.status === 'fulfilled';
      expect(cancelWon !== approvalWon, `round ${round}`).toBe(true);
      if (cancelWon) cancelled += 1;
      else approved += 1;
    }
    const cash = (await wallets(user)).cash;
    expect(cash.held).toBe('0.00');
    expect(cash.balance).toBe(new Decimal(5000).minus(new Decimal(20).times(approved)).toFixed(2));
    expect(cancelled + approved).toBe(50);
  });

  it("refuses to cancel another user's transaction (404) and changes nothing", async () => {
    const owner = await investor();
    const stranger = await investor();
    const deposit = await post(owner, '/api/user/transaction/deposit', { amount: '300', mode: 'crypto', coin: 'btc' });
    const id = deposit.json().data.transaction.id as string;
    const attempt = await post(stranger, `/api/user/transaction/cancel/${id}`, {});
    expect(attempt.statusCode).toBe(404);
    const { rows } = await testApp.database.db.$client.query('select status from transactions where id = $1', [id]);
    expect(rows[0].status).toBe('pending');
    expect((await post(owner, `/api/user/transaction/cancel/${id}`, {})).json().message).toBe('Transaction cancelled');
    expect((await post(owner, `/api/user/transaction/cancel/${id}`, {})).statusCode).toBe(409);
  });

  it('keeps a pending deposit out of the spendable balance', async () => {
    const user = await investor();
    await post(user, '/api/user/transaction/deposit', { amount: '800', mode: 'bank' });
    expect((await wallets(user)).cash.balance).toBe('0.00');
    expect(
      (await post(user, '/api/user/transaction/swap', { amount: '1', from: 'cash', to: 'brokerage' })).statusCode,
    ).toBe(422);
  });
});

describe('idempotency keys', () => {
  it('turn 20 parallel deposits with one key into one transaction, and refuse the key with another amount', async () => {
    const user = await investor();
    const key = 'deposit-key-0001';
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(user, '/api/user/transaction/deposit', { amount: '150.00', mode: 'bank' }, { 'idempotency-key': key }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const { rows } = await testApp.database.db.$client.query(
      'select count(*)::int as count from transactions where user_id = $1',
      [user.id],
    );
    expect(rows[0].count).toBe(1);
    const replay = await post(
      user,
      '/api/user/transaction/deposit',
      { amount: '150.00', mode: 'bank' },
      { 'idempotency-key': key },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    const other = await post(
      user,
      '/api/user/transaction/deposit',
      { amount: '151.00', mode: 'bank' },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used with a different request.');
  });
});

describe('amounts and limits', () => {
  it.each([
    ['10.123', 'The amount must be a number with at most 2 decimals, like 1250.00.'],
    ['0', 'The amount must be greater than 0.'],
    ['-5', 'The amount must be greater than 0.'],
    ['abc', 'The amount must be a number with at most 2 decimals, like 1250.00.'],
    ['1e9', 'The amount must be a number with at most 2 decimals, like 1250.00.'],
    ['1000000000000', 'The amount is too large.'],
    // A decimal comma is not taken for a thousands separator: '10,00' must not move 1,000.
    ['10,00', 'The amount must be a number with at most 2 decimals, like 1250.00.'],
    ['1,00,000', 'The amount must be a number with at most 2 decimals, like 1250.00.'],
    [null, 'The amount must be a number with at most 2 decimals, like 1250.00.'],
    [true, 'The amount must be a number with at most 2 decimals, like 1250.00.'],
  ])('refuses %s with a clear message', async (amount, message) => {
    const user = await investor();
    const response = await post(user, '/api/user/transaction/swap', { amount, from: 'cash', to: 'auto' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
  });

  it('applies the deposit rules: below 1, and the limits of each mode, named in the investor’s currency', async () => {
    const strict = await createTestApp();
    const user = await signUp(strict, { verified: true });
    const deposit = (amount: string, mode: string) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/user/transaction/deposit',
        headers: bearer(user.token),
        payload: { amount, mode },
      });
    expect((await deposit('0.50', 'bank')).json().message).toBe('Minimum deposit must be greater than 0');
    expect((await deposit('999.99', 'crypto')).json().message).toBe(
      'A crypto deposit must be between $1,000.00 and $1,000,000.00.',
    );
    expect((await deposit('49999', 'bank')).json().message).toBe(
      'A bank deposit must be between $50,000.00 and $1,000,000.00.',
    );
    const ok = await deposit('50000', 'bank');
    const { rows } = await strict.database.db.$client.query<{ id: number }>(
      "select id from currencies where code = 'EUR'",
    );
    const inEuros = await signUp(strict, { verified: true, overrides: { currency_id: rows[0]?.id } });
    const euroDeposit = await strict.app.inject({
      method: 'POST',
      url: '/api/user/transaction/deposit',
      headers: bearer(inEuros.token),
      payload: { amount: '100', mode: 'bank' },
    });
    await strict.close();
    expect(euroDeposit.json().message).toBe('A bank deposit must be between €50,000.00 and €1,000,000.00.');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.transaction.reference).toMatch(/^ITR-[A-Z2-9]{8}$/);
  });
});

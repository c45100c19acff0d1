import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, savedDestination, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { watchQueries } from '../../../test/query-log.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

let testApp: TestApp;
let wallet: WalletService;
beforeAll(async () => {
  // Small limits so the concurrency tests can move small sums; the rate limit is app.test.ts's to test.
  testApp = await createTestApp({
    WITHDRAWAL_MIN: '1',
    DEPOSIT_CRYPTO_MIN: '1',
    DEPOSIT_BANK_MIN: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const limit: [number, number] = [1, 1_000_000];
  wallet = createWalletService({
    db: testApp.database.db,
    clock: { now: () => new Date() },
    users: createUsersRepository(testApp.database.db),
    limits: { cryptoDeposit: limit, bankDeposit: limit, withdrawal: limit },
  });
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

const post = (
  user: SignedUpUser,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => testApp.app.inject({ method: 'POST', url, payload, headers: { ...bearer(user.token), ...headers } });

async function investor(): Promise<SignedUpUser> {
  const user = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  return user;
}

async function fund(user: SignedUpUser, amount: string) {
  const response = await post(user, '/api/user/transaction/deposit', { amount, type: 'credit', mode: 'bank' });
  expect(response.statusCode, response.body).toBe(201);
  await wallet.approve(response.json().data.transaction.id);
}

const bankMethod = (user: SignedUpUser) => savedDestination(testApp, user);

const wallets = async (user: SignedUpUser) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/user?include=wallet', headers: bearer(user.token) })).json()
    .data.user.wallet;

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

describe('transfers between wallets', () => {
  it('keeps the total through 100 parallel transfers back and forth', async () => {
    const user = await investor();
    await fund(user, '500.00');
    await post(user, '/api/user/transaction/swap', { amount: '250.00', from: 'cash', to: 'brokerage' });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(
          user,
          '/api/user/transaction/swap',
          index % 2
            ? { amount: '7.50', from: 'cash', to: 'brokerage' }
            : { amount: '7.50', from: 'brokerage', to: 'cash' },
        ),
      ),
    );
    expect(responses.every((response) => response.statusCode === 201 || response.statusCode === 422)).toBe(true);
    const after = await wallets(user);
    expect(new Decimal(after.cash.balance).plus(after.brokerage.balance).plus(after.auto.balance).toFixed(2)).toBe(
      '500.00',
    );
  });

  const recordsOf = async (user: SignedUpUser) =>
    (
      await testApp.database.db.$client.query<{ amount: string; entries: string[] }>(
        `select t.amount::text, array(select e.amount::text from journal_entries e where e.journal_id = j.id
                order by e.amount) as entries
         from transactions t join journal_transactions j on j.transaction_id = t.id
         where t.user_id = $1 and t.type = 'transfer' order by t.amount`,
        [user.id],
      )
    ).rows;

  it('writes each of many parallel swaps in statements of its own, with a key or without', async () => {
    const investors = await Promise.all(Array.from({ length: 8 }, () => investor()));
    await Promise.all(investors.map((user) => fund(user, '20.00')));
    const { result: responses, queries } = await watchQueries(testApp.database.db).during(() =>
      Promise.all(
        investors.map((user, index) =>
          post(
            user,
            '/api/user/transaction/swap',
            { amount: '5.00', from: 'cash', to: 'brokerage' },
            index % 2 ? { 'idempotency-key': `own-statement-${user.id}` } : {},
          ),
        ),
      ),
    );
    responses.forEach((response) => expect(response.statusCode, response.body).toBe(201));
    // One record and one journal per request: no statement carries the writes of two.
    expect(queries.filter(({ text }) => /insert into "?transactions"?\s*\(/i.test(text))).toHaveLength(8);
    expect(queries.filter(({ text }) => /insert into "?journal_transactions"?/i.test(text))).toHaveLength(8);
    for (const user of investors)
      expect(await recordsOf(user)).toEqual([{ amount: '5.00', entries: ['-5.00', '5.00'] }]);
  });

  it('answers each of many parallel swaps on its own when one among them is short', async () => {
    const investors = await Promise.all(Array.from({ length: 12 }, () => investor()));
    await Promise.all(investors.map((user) => fund(user, '20.00')));
    const responses = await Promise.all(
      investors.map((user, index) =>
        post(user, '/api/user/transaction/swap', {
          amount: index === 5 ? '20.01' : '5.00',
          from: 'cash',
          to: 'brokerage',
        }),
      ),
    );
    responses.forEach((response, index) => expect(response.statusCode, response.body).toBe(index === 5 ? 422 : 201));
    expect(responses[5]?.json().message).toBe('Insufficient balance for this amount.');
    for (const [index, user] of investors.entries())
      expect(await wallets(user)).toMatchObject(
        index === 5
          ? { cash: { balance: '20.00' }, brokerage: { balance: '0.00' } }
          : { cash: { balance: '15.00' }, brokerage: { balance: '5.00' } },
      );
  });

  it('moves money after a first, refused transfer opened the wallets inside a transaction that was undone', async () => {
    const user = await investor();
    // No wallets yet: this request opens them inside its idempotency transaction, then is refused,
    // so they are undone with it. What the process learnt about them must not outlive them.
    const refused = await post(
      user,
      '/api/user/transaction/swap',
      { amount: '5', from: 'cash', to: 'brokerage' },
      { 'idempotency-key': `first-${user.id}` },
    );
    expect(refused.statusCode, refused.body).toBe(422);
    await fund(user, '50.00');
    const moved = await post(user, '/api/user/transaction/swap', { amount: '5', from: 'cash', to: 'brokerage' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect((await wallets(user)).brokerage).toMatchObject({ balance: '5.00' });
  });

  it('refuses the same wallet twice, an unknown wallet, too much, and ignores a client-sent status', async () => {
    const user = await investor();
    await fund(user, '100.00');
    const same = await post(user, '/api/user/transaction/swap', { amount: '10', from: 'cash', to: 'cash' });
    expect(same.json().message).toBe('Choose two different wallets to transfer between.');
    expect(
      (await post(user, '/api/user/transaction/swap', { amount: '10', from: 'cash', to: 'savings' })).statusCode,
    ).toBe(422);
    const tooMuch = await post(user, '/api/user/transaction/swap', { amount: '100.01', from: 'cash', to: 'auto' });
    expect(tooMuch.json().message).toBe('Insufficient balance for this amount.');
    // The refused movement is one statement: it left no transfer record and no journal behind.
    const { rows: left } = await testApp.database.db.$client.query(
      `select (select count(*) from transactions where user_id = $1 and type = 'transfer')::int as records,
              (select count(*) from journal_transactions j join transactions t on t.id = j.transaction_id
               where t.user_id = $1 and t.type = 'transfer')::int as journals`,
      [user.id],
    );
    expect(left[0]).toEqual({ records: 0, journals: 0 });
    const done = await post(user, '/api/user/transaction/swap', {
      amount: '40',
      from: 'cash',
      to: 'auto',
      status: 'pending',
      type: 'transfer',
    });
    expect(done.json().data.transaction).toMatchObject({
      type: 'transfer',
      status: 'approved',
      amount: '40.00',
      swap_from: 'cash',
      swap_to: 'auto',
    });
    expect((await wallets(user)).auto.balance).toBe('40.00');
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

describe('the books', () => {
  it('refuse to change a posted entry', async () => {
    const user = await investor();
    await fund(user, '10.00');
    await expect(testApp.database.db.$client.query('update journal_entries set amount = amount + 1')).rejects.toThrow(
      /immutable/,
    );
    await expect(testApp.database.db.$client.query('delete from journal_entries')).rejects.toThrow(/immutable/);
  });

  it('refuse a journal that does not balance and write nothing of it', async () => {
    const user = await investor();
    await fund(user, '10.00');
    const { db } = testApp.database;
    const { cash, brokerage } = await ledgerRepository.walletsOf(db, user.id, 'USD');
    const journals = async () => (await db.$client.query('select count(*)::int as n from journal_transactions')).rows;
    const before = await journals();
    const entries = [
      { accountId: cash.id, amount: new Decimal('-5') },
      { accountId: brokerage.id, amount: new Decimal('4.99') },
    ];
    await expect(ledgerRepository.post(db, 'uneven', null, entries, new Date())).rejects.toThrow(
      "journal 'uneven' does not balance: -0.01",
    );
    expect(await journals()).toEqual(before);
    expect(await wallets(user)).toMatchObject({ cash: { balance: '10.00' }, brokerage: { balance: '0.00' } });
  });

  it('list transactions newest first, paged, sortable, with the totals in analytics', async () => {
    const user = await investor();
    await fund(user, '100.00');
    await post(user, '/api/user/transaction/swap', { amount: '30', from: 'cash', to: 'brokerage' });
    await post(user, '/api/user/transaction/deposit', { amount: '70', mode: 'bank' });
    const list = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/user/transaction/fetch?per_page=2',
        headers: bearer(user.token),
      })
    ).json().data.transactions;
    expect(list).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(list.data.map((row: { type: string; status: string }) => `${row.type}:${row.status}`)).toEqual([
      'credit:pending',
      'transfer:approved',
    ]);
    const byAmount = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/user/transaction/fetch?sort=-amount',
        headers: bearer(user.token),
      })
    ).json().data.transactions.data;
    expect(byAmount.map((row: { amount: string }) => row.amount)).toEqual(['100.00', '70.00', '30.00']);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/user/transaction/fetch?sort=comment',
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(422);
    const analytics = (
      await testApp.app.inject({ method: 'GET', url: '/api/user/analytics?timeframe=1d', headers: bearer(user.token) })
    ).json().data.data;
    expect(analytics).toMatchObject({ total_deposited: '100.00', total_withdrawn: '0.00' });
  });
});

describe('payment methods', () => {
  it('store bank fields as typed and check crypto addresses per coin', async () => {
    const user = await investor();
    await bankMethod(user);
    const bad = await post(user, '/api/user/payment-method', {
      type: 'crypto',
      currency: 'btc',
      wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(bad.json().errors.wallet_address).toEqual(['This is not a valid BTC address.']);
    const incomplete = await post(user, '/api/user/payment-method', {
      type: 'bank',
      account_number: null,
      account_name: 'Ada Lovelace',
      bank_name: 'B'.repeat(141),
      routing_number: 4011,
      bank_address: '1 Analytical Row, London',
    });
    expect(incomplete.json().errors).toEqual({
      account_number: ['This field is required.'],
      bank_name: ['At most 140 characters.'],
      routing_number: ['Enter text.'],
    });
    const good = await post(user, '/api/user/payment-method', {
      type: 'crypto',
      label: 'Ledger',
      currency: 'usdt(TRC20)',
      wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    expect(good.statusCode).toBe(201);
    const banks = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/user/payment-method?filter[type]=bank&filter[is_withdrawal]=true',
        headers: bearer(user.token),
      })
    ).json().data.payment_methods.data;
    expect(banks).toHaveLength(1);
    expect(banks[0]).toMatchObject({
      account_name: 'Ada Lovelace',
      bank_name: 'Babbage Bank',
      routing_number: '40-11-62',
    });
  });

  it("refuse another user's payment method for a withdrawal", async () => {
    const owner = await investor();
    const stranger = await investor();
    await fund(stranger, '100.00');
    const methodId = await bankMethod(owner);
    const attempt = await post(stranger, '/api/user/transaction/withdraw', {
      amount: '10',
      payment_method_id: methodId,
    });
    expect(attempt.statusCode).toBe(404);
  });
});

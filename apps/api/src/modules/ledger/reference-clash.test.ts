import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, savedDestination, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { newReference, walletServiceFor, type WalletService } from './wallet.service.ts';

// References are random; these tests make the next draws repeat one already taken.
let clashes = 0;
let fresh = 0;
let taken = '';
const references = () => {
  if (fresh > 0 || clashes === 0) {
    fresh = Math.max(0, fresh - 1);
    return newReference();
  }
  clashes -= 1;
  return taken;
};

let testApp: TestApp;
let wallet: WalletService;
let user: SignedUpUser;
beforeAll(async () => {
  testApp = await createTestApp({ WITHDRAWAL_MIN: '1', DEPOSIT_BANK_MIN: '1' }, { references });
  const { db } = testApp.database;
  wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), testApp.config.limits);
  user = await signUp(testApp, { verified: true });
  await db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  const deposit = await post('/api/user/transaction/deposit', { amount: '1000', mode: 'bank' });
  expect(deposit.statusCode, deposit.body).toBe(201);
  taken = deposit.json().data.transaction.reference;
  await wallet.approve(deposit.json().data.transaction.id);
});
afterEach(async () => {
  clashes = 0;
  fresh = 0;
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

const post = (url: string, payload: Record<string, unknown>, key?: string) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(user.token), ...(key ? { 'idempotency-key': key } : {}) },
  });

const written = async () => {
  const { rows } = await testApp.database.db.$client.query<{ records: number; journals: number; held: string }>(
    `select (select count(*) from transactions where user_id = $1)::int as records,
            (select count(*) from journal_transactions j join transactions t on t.id = j.transaction_id
             where t.user_id = $1)::int as journals,
            (select held::text from ledger_accounts where user_id = $1 and kind = 'cash' and savings_id is null) as held`,
    [user.id],
  );
  return rows[0];
};

const wallets = async () =>
  (await testApp.app.inject({ method: 'GET', url: '/api/user?include=wallet', headers: bearer(user.token) })).json()
    .data.user.wallet;

const requests: [string, string, Record<string, unknown>][] = [
  ['a deposit', '/api/user/transaction/deposit', { amount: '10', mode: 'bank' }],
  ['a transfer (one statement)', '/api/user/transaction/swap', { amount: '10', from: 'cash', to: 'auto' }],
  ['a transfer out of the auto wallet', '/api/user/transaction/swap', { amount: '5', from: 'auto', to: 'cash' }],
  ['a withdrawal', '/api/user/transaction/withdraw', { amount: '10', payment_method_id: '' }],
];

describe('a reference already taken', () => {
  for (const [what, url, body] of requests) {
    for (const key of [undefined, 'clash-key']) {
      it(`is drawn again for ${what} ${key ? 'with' : 'without'} an Idempotency-Key, and the money moves once`, async () => {
        const payload = url.endsWith('withdraw')
          ? { ...body, payment_method_id: await savedDestination(testApp, user) }
          : body;
        const before = await written();
        clashes = 2;
        const response = await post(url, payload, key && `${key}-${url.length}-${before?.records}`);
        expect(response.statusCode, response.body).toBe(201);
        expect(clashes).toBe(0);
        const reference = response.json().data.transaction.reference as string;
        expect(reference).toMatch(/^ITR-[A-Z2-9]{8}$/);
        expect(reference).not.toBe(taken);
        const after = await written();
        expect(after?.records).toBe((before?.records ?? 0) + 1);
        const moves = url.endsWith('swap') ? 1 : 0;
        expect(after?.journals).toBe((before?.journals ?? 0) + moves);
        expect(Number(after?.held)).toBe(Number(before?.held) + (url.endsWith('withdraw') ? 10 : 0));
      });
    }
  }

  it('refuses the swaps written together whole, and each is then written alone with a reference of its own', async () => {
    const before = await written();
    // The first swap goes alone with a fresh reference; the five that wait for it go together, two
    // of them drawing the one taken.
    fresh = 1;
    clashes = 2;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/user/transaction/swap', { amount: '1', from: 'cash', to: 'brokerage' }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(clashes).toBe(0);
    const references = responses.map((response) => response.json().data.transaction.reference as string);
    expect(new Set(references).size).toBe(6);
    expect(references).not.toContain(taken);
    const after = await written();
    expect(after?.records).toBe((before?.records ?? 0) + 6);
    expect(after?.journals).toBe((before?.journals ?? 0) + 6);
  });

  it('that keeps clashing fails the request whole, and the same key then succeeds', async () => {
    const before = { written: await written(), wallets: await wallets() };
    clashes = 1_000;
    const transfer = () =>
      post('/api/user/transaction/swap', { amount: '7', from: 'cash', to: 'brokerage' }, 'clash-storm-1');
    const failed = await transfer();
    expect(failed.statusCode, failed.body).toBe(500);
    expect(failed.json().message).toBeTruthy();
    expect(await written()).toEqual(before.written);
    expect(await wallets()).toEqual(before.wallets);
    clashes = 0;
    const retried = await transfer();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replay']).toBeUndefined();
    expect((await wallets()).brokerage.balance).toBe((Number(before.wallets.brokerage.balance) + 7).toFixed(2));
  });
});

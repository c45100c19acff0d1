import { afterAll, beforeAll, expect } from 'vitest';
import { createWalletService, type WalletService } from '../src/modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../src/modules/users/users.repository.ts';
import { createTestApp, type TestApp } from './app.ts';
import { bearer, savedDestination, signUp, type SignedUpUser } from './fixtures.ts';
import { checkBooksAfterEach } from './ledger.ts';

// Set by useWalletApp's beforeAll; the test files read them as plain names through the live binding.
export let testApp: TestApp;
export let wallet: WalletService;

/** The app for the tests of deposits, withdrawals and transfers, with the books checked after each test. */
export function useWalletApp(): void {
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
  checkBooksAfterEach(() => testApp.database.db);
  afterAll(() => testApp.close());
}

export const post = (
  user: SignedUpUser,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => testApp.app.inject({ method: 'POST', url, payload, headers: { ...bearer(user.token), ...headers } });

export async function investor(): Promise<SignedUpUser> {
  const user = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  return user;
}

export async function fund(user: SignedUpUser, amount: string) {
  const response = await post(user, '/api/user/transaction/deposit', { amount, type: 'credit', mode: 'bank' });
  expect(response.statusCode, response.body).toBe(201);
  await wallet.approve(response.json().data.transaction.id);
}

export const bankMethod = (user: SignedUpUser) => savedDestination(testApp, user);

export const wallets = async (user: SignedUpUser) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/user?include=wallet', headers: bearer(user.token) })).json()
    .data.user.wallet;

import { Decimal } from 'decimal.js';
import { afterAll, beforeAll } from 'vitest';
import { walletServiceFor, type WalletService } from '../src/modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../src/modules/users/users.repository.ts';
import { createTestApp, createTestClock, type TestApp } from './app.ts';
import { bearer, signUp, type SignedUpUser } from './fixtures.ts';
import { checkBooksAfterEach } from './ledger.ts';

// Mid-June, so a run of days never crosses into another contribution year.
export const clock = createTestClock(new Date(Date.UTC(new Date().getUTCFullYear(), 5, 15, 12)));
// Set by useSavingsApp's beforeAll; the test files read them as plain names through the live binding.
export let testApp: TestApp;
export let wallet: WalletService;
let productIds: Map<string, number>;
export let usPlaces: Record<string, number>;

/** The app for the savings tests, with the books checked after each test. */
export function useSavingsApp(): void {
  beforeAll(async () => {
    testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock });
    wallet = walletServiceFor(
      testApp.database.db,
      clock,
      createUsersRepository(testApp.database.db),
      testApp.config.limits,
    );
    const products = await testApp.database.db.$client.query<{ id: number; name: string }>(
      'select id, name from savings_products',
    );
    productIds = new Map(products.rows.map((row) => [row.name, row.id]));
    const { rows } = await testApp.database.db.$client.query(`
    select c.id as country_id, s.id as state_id, ci.id as city
    from countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
    where c.iso_code = 'US' and s.iso_code = 'NY' and ci.name = 'New York City'`);
    usPlaces = rows[0];
  });
  checkBooksAfterEach(() => testApp.database.db);
  afterAll(() => testApp.close());
}

export const idOf = (name: string) => productIds.get(name) ?? 0;
export const call = (user: SignedUpUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

export async function saver(options: { cash?: string; american?: boolean; approved?: boolean } = {}) {
  const user = await signUp(testApp, { verified: true, ...(options.american ? { overrides: usPlaces } : {}) });
  if (options.approved !== false)
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  if (options.cash) {
    const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal(options.cash), mode: 'bank' });
    await wallet.approve(deposit.id);
  }
  return user;
}
export const open = (user: SignedUpUser, name: string) =>
  call(user, 'POST', '/api/user/savings-accounts/store', { savings_account_id: idOf(name) });
export const contribute = (user: SignedUpUser, name: string, amount: string) =>
  call(user, 'POST', '/api/user/savings-accounts/credit', {
    savings_account_id: idOf(name),
    method: 'contribution',
    amount,
  });
export const cashOut = (user: SignedUpUser, name: string, amount: string) =>
  call(user, 'POST', '/api/user/savings-accounts/debit', { savings_account_id: idOf(name), method: 'cashout', amount });
export const mine = async (user: SignedUpUser) =>
  (
    await call(user, 'GET', '/api/user?include=savings').then((response) => {
      if (response.statusCode !== 200) throw new Error(response.body);
      return response;
    })
  ).json().data.user.savings as {
    savings_account: { name: string };
    balance: string;
    total_savings_return: string;
    contribution_room: string | null;
  }[];
export const cash = async (user: SignedUpUser) => (await wallet.wallets(user.id)).cash.balance;

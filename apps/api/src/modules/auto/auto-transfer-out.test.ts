import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { autoServiceFor, type AutoService } from './auto.service.ts';

const clock = createTestClock();
let testApp: TestApp;
let auto: AutoService;
let wallet: WalletService;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', DEPOSIT_BANK_MAX: '10000000' }, { clock });
  const users = createUsersRepository(testApp.database.db);
  auto = autoServiceFor(testApp.database.db, clock, users, 10);
  wallet = walletServiceFor(testApp.database.db, clock, users, testApp.config.limits, auto.raiseCash);
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

/** An approved investor whose `amount` went into automated investing and was invested. */
async function investor(amount: string): Promise<SignedUpUser> {
  const user = await fundedInvestor(testApp, wallet, amount, 'auto');
  await auto.runFor(user.id);
  return user;
}

const autoWallet = async (user: SignedUpUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/user?include=wallet',
    headers: bearer(user.token),
  });
  return response.json().data.user.wallet.auto as { available: string; total: string };
};
const openQuantities = async (user: SignedUpUser) =>
  (
    await testApp.database.db.$client.query<{ quantity: string }>(
      "select quantity::text from positions where user_id = $1 and wallet = 'auto' and status = 'open' order by id",
      [user.id],
    )
  ).rows.map((row) => row.quantity);
const moveOut = (user: SignedUpUser, amount: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/user/transaction/swap',
    headers: bearer(user.token),
    payload: { amount, from: 'auto', to: 'cash', type: 'transfer' },
  });

describe('a transfer out of automated investing', () => {
  it('is refused above what the wallet holds with its investments, and sells nothing', async () => {
    const user = await investor('5000');
    const { available, total } = await autoWallet(user);
    expect(new Decimal(available).lt(10)).toBe(true);
    const held = await openQuantities(user);
    expect(held.length).toBeGreaterThan(0);

    const response = await moveOut(user, new Decimal(total).plus('0.01').toFixed(2));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Insufficient balance for this amount.');
    expect(await openQuantities(user)).toEqual(held);
    expect((await wallet.wallets(user.id)).cash.balance).toBe('0.00');
  });

  it('moves all that the automated-investing response says can be moved, selling every investment', async () => {
    const user = await investor('5000');
    const overview = await testApp.app.inject({ method: 'GET', url: '/api/user/auto', headers: bearer(user.token) });
    const { movable, total } = overview.json().data.auto as { movable: string; total: string };
    expect(new Decimal(movable).lte(total)).toBe(true);
    expect(new Decimal(total).minus(movable).lt(1)).toBe(true);

    const more = await moveOut(user, new Decimal(movable).plus('0.01').toFixed(2));
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe('Insufficient balance for this amount.');
    const response = await moveOut(user, movable);
    expect(response.statusCode).toBe(201);
    expect((await wallet.wallets(user.id)).cash.balance).toBe(movable);
    expect(await openQuantities(user)).toEqual([]);
  });
});

import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signedInOperator, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

let testApp: TestApp;
let wallet: WalletService;
let currencyIds: Record<string, number>;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' });
  wallet = walletServiceFor(
    testApp.database.db,
    { now: () => new Date() },
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  const { rows } = await testApp.database.db.$client.query<{ code: string; id: number }>(
    'select code, id from currencies',
  );
  currencyIds = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

const send = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const chooseCurrency = (user: SignedUpUser, code: string) =>
  send('POST', '/api/user/profile', user.token, { _method: 'PATCH', currency_id: currencyIds[code] });

/** A verified, approved investor in US dollars with 1,000.00 deposited and 400.00 moved to the brokerage wallet. */
async function investorWithMoney(): Promise<SignedUpUser> {
  const user = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('1000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(user.id, { amount: new Decimal('400'), from: 'cash', to: 'brokerage' });
  return user;
}

/** Everything the ledger holds for a user: accounts with currency and balances, journal entries, transactions. */
async function ledgerOf(userId: string) {
  const query = async (text: string) => (await testApp.database.db.$client.query(text, [userId])).rows;
  return {
    accounts: await query(
      'select kind::text, currency, balance::text, held::text from ledger_accounts where user_id = $1 order by id',
    ),
    entries: await query(`select e.amount::text from journal_entries e join ledger_accounts a on a.id = e.account_id
      where a.user_id = $1 order by e.id`),
    transactions: await query(
      'select id, amount::text, currency, status::text from transactions where user_id = $1 order by id',
    ),
  };
}

describe('the display currency', () => {
  it('changes after money has moved, shown in the new currency, while the ledger stays in the settlement one', async () => {
    const user = await investorWithMoney();
    const walletBefore = (await send('GET', '/api/user?include=wallet', user.token)).json().data.user.wallet;
    const ledgerBefore = await ledgerOf(user.id);
    expect(ledgerBefore.accounts.map((account) => account.currency)).toEqual(['USD', 'USD', 'USD']);

    const euro = await chooseCurrency(user, 'EUR');
    expect(euro.statusCode, euro.body).toBe(200);
    expect(euro.json().message).toBe('Profile updated.');
    expect(euro.json().data.user).toMatchObject({
      currency_id: currencyIds['EUR'],
      currency: { code: 'EUR', sign: '€', name: 'Euro' },
      settlement_currency: { code: 'USD', sign: '$' },
    });
    const pound = await chooseCurrency(user, 'GBP');
    expect(pound.statusCode).toBe(200);
    expect(pound.json().data.user.currency).toMatchObject({ code: 'GBP', sign: '£' });

    const read = (await send('GET', '/api/user?include=currency,wallet', user.token)).json().data.user;
    expect(read).toMatchObject({ currency_id: currencyIds['GBP'], currency: { code: 'GBP' } });
    expect(read.settlement_currency).toMatchObject({ code: 'USD' });
    // The API returns amounts in the settlement currency: the client converts for display.
    expect(read.wallet).toEqual(walletBefore);
    expect(await ledgerOf(user.id)).toEqual(ledgerBefore);
  });

  it('keeps money writes in the settlement currency after the display has changed', async () => {
    const user = await investorWithMoney();
    expect((await chooseCurrency(user, 'EUR')).statusCode).toBe(200);
    const deposit = await send('POST', '/api/user/transaction/deposit', user.token, { amount: '250', mode: 'bank' });
    expect(deposit.statusCode, deposit.body).toBeLessThan(300);
    const { rows } = await testApp.database.db.$client.query(
      `select amount::text, currency from transactions where user_id = $1 order by created_at desc, id desc limit 1`,
      [user.id],
    );
    expect(rows[0]).toEqual({ amount: '250.00', currency: 'USD' });
    const transfer = await send('POST', '/api/user/transaction/swap', user.token, {
      amount: '100',
      from: 'cash',
      to: 'auto',
    });
    expect(transfer.statusCode, transfer.body).toBeLessThan(300);
    expect((await wallet.wallets(user.id)).auto.balance).toBe('100.00');
  });

  it('goes back to the settlement currency, and every reader sees the choice', async () => {
    const user = await investorWithMoney();
    await chooseCurrency(user, 'CAD');
    const operator = await signedInOperator(testApp);
    const queue = (await send('GET', '/api/admin/kyc?filter[status]=approved&per_page=100', operator)).json().data.users
      .data as { id: string; currency: { code: string }; settlement_currency: { code: string } }[];
    expect(queue.find((person) => person.id === user.id)).toMatchObject({
      currency: { code: 'CAD' },
      settlement_currency: { code: 'USD' },
    });
    const back = await chooseCurrency(user, 'USD');
    expect(back.json().data.user).toMatchObject({ currency_id: currencyIds['USD'], currency: { code: 'USD' } });
    const { rows } = await testApp.database.db.$client.query(
      'select currency_id, display_currency_id from users where id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ currency_id: currencyIds['USD'], display_currency_id: null });
  });

  it('moves the settlement currency with the choice while no money has moved', async () => {
    const user = await signUp(testApp, { verified: true });
    const euro = await chooseCurrency(user, 'EUR');
    expect(euro.json().data.user).toMatchObject({
      currency: { code: 'EUR' },
      settlement_currency: { code: 'EUR' },
    });
    await send('POST', '/api/user/transaction/deposit', user.token, { amount: '60000', mode: 'bank' });
    const { rows } = await testApp.database.db.$client.query(
      'select amount::text, currency from transactions where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ amount: '60000.00', currency: 'EUR' }]);
    const pound = await chooseCurrency(user, 'GBP');
    expect(pound.json().data.user).toMatchObject({ currency: { code: 'GBP' }, settlement_currency: { code: 'EUR' } });
  });
});

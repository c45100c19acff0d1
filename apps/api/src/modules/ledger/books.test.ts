import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.ts';
import { fund, investor, post, testApp, useWalletApp, wallets } from '../../../test/wallet-app.ts';
import { ledgerRepository } from './ledger.repository.ts';

useWalletApp();

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

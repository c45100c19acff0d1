import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../../../test/fixtures.ts';
import { watchQueries } from '../../../test/query-log.ts';
import { fund, investor, post, testApp, useWalletApp, wallets } from '../../../test/wallet-app.ts';

useWalletApp();

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

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signUp } from '../../../test/fixtures.ts';
import { createKeptAccountIds } from './kept-account-ids.ts';
import { ledgerRepository as ledger } from './ledger.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

it('keeps committed ids, never those of accounts opened by a transaction that is then undone', async () => {
  const db = testApp.database.db;
  const kept = createKeptAccountIds();
  const user = await signUp(testApp);
  let opened = 0;
  const open = async () => {
    opened += 1;
    return { wallets: await ledger.walletsOf(db, user.id, 'USD') };
  };

  // Opened, then read again, inside one transaction that is rolled back.
  const undone = new Error('undone');
  await expect(
    db.transaction(async (tx) => {
      await ledger.walletsOf(tx, user.id, 'USD');
      await kept(tx, user.id, undefined, open);
      throw undone;
    }),
  ).rejects.toBe(undone);
  expect(opened).toBe(1);

  // Outside it, the ids read then are not offered: the accounts are opened for real.
  const committed = await kept(db, user.id, undefined, open);
  expect(opened).toBe(2);
  const { rows } = await db.$client.query<{ id: number }>(
    'select id::int from ledger_accounts where user_id = $1 and savings_id is null order by id',
    [user.id],
  );
  expect(
    Object.values(committed.wallets)
      .map((wallet) => wallet.id)
      .sort((a, b) => a - b),
  ).toEqual(rows.map((row) => row.id));

  // Once committed they are kept: no read, no opening.
  expect(await kept(db, user.id, undefined, open)).toBe(await kept(db, user.id, undefined, open));
  expect(opened).toBe(2);
});

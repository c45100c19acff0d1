import { savingsGoals } from '@itrust/contracts/savings-rules';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.ts';
import {
  call,
  cash,
  cashOut,
  clock,
  contribute,
  idOf,
  mine,
  open,
  saver,
  testApp,
  useSavingsApp,
  usPlaces,
} from '../../../test/savings-app.ts';

useSavingsApp();

describe('offerings', () => {
  it('answers exactly the product sets for each goal, in a country where all eight are offered', async () => {
    const user = await saver({ american: true });
    for (const [goal, names] of Object.entries(savingsGoals)) {
      const response = await call(user, 'GET', `/api/user/savings-accounts?goal=${encodeURIComponent(goal)}`);
      expect(response.statusCode).toBe(200);
      const listed = response.json().data.accounts.map((account: { name: string }) => account.name);
      expect(listed.sort(), goal).toEqual([...names].sort());
    }
    const all = (await call(user, 'GET', '/api/user/savings-accounts')).json().data.accounts;
    expect(all).toHaveLength(8);
    expect(all[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      note: expect.stringContaining('<p>'),
    });
    expect(all[0].country_id).toContain(usPlaces['country_id']);
    const unknown = await call(user, 'GET', '/api/user/savings-accounts?goal=Lottery');
    expect(unknown.statusCode).toBe(422);
  });

  it('narrows by the time horizon too, and can find nothing', async () => {
    const user = await saver({ american: true });
    const names = async (query: string) =>
      (await call(user, 'GET', `/api/user/savings-accounts?${query}`))
        .json()
        .data.accounts.map((account: { name: string }) => account.name)
        .sort();
    expect(await names('goal=Save%20for%20Retirement&horizon=Any%20time')).toEqual(['HSA']);
    expect(await names('goal=Save%20for%20Kids%20%26%20Education&horizon=At%20retirement')).toEqual([]);
  });

  it('does not list or open a product outside the caller country', async () => {
    const londoner = await saver();
    const listed = (await call(londoner, 'GET', '/api/user/savings-accounts')).json().data.accounts;
    expect(listed.map((account: { name: string }) => account.name)).not.toContain('HSA');
    expect(listed).toHaveLength(7);
    const medical = await call(londoner, 'GET', '/api/user/savings-accounts?goal=Save%20for%20Medical%20Expense');
    expect(medical.json().data.accounts).toEqual([]);
    const hsa = await open(londoner, 'HSA');
    expect(hsa.statusCode).toBe(422);
    expect(hsa.json().message).toBe('This account is not offered in your country.');
  });
});

describe('opening', () => {
  it('opens one account per product, after identity approval', async () => {
    const pending = await saver({ approved: false });
    expect((await open(pending, 'ROTH IRA')).statusCode).toBe(403);
    const user = await saver();
    const first = await open(user, 'ROTH IRA');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Your ROTH IRA account is open.');
    const second = await open(user, 'ROTH IRA');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already have a ROTH IRA account.');
    expect(
      (await call(user, 'POST', '/api/user/savings-accounts/store', { savings_account_id: 99_999 })).statusCode,
    ).toBe(404);
    expect(await mine(user)).toMatchObject([{ savings_account: { name: 'ROTH IRA' }, balance: '0.00' }]);
  });
});

describe('contributions and cash-outs', () => {
  it('moves money between cash and the account, with the displayed limits enforced', async () => {
    const user = await saver({ cash: '20000' });
    await open(user, 'Cash Management Account');
    const empty = await contribute(user, 'Cash Management Account', '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Amount required!');
    const small = await contribute(user, 'Cash Management Account', '999.99');
    expect(small.json().message).toBe('A contribution must be between $1,000.00 and $1,000,000.00.');
    const done = await contribute(user, 'Cash Management Account', '12000');
    expect(done.statusCode, done.body).toBe(201);
    expect(await cash(user)).toBe('8000.00');
    const tooMuch = await contribute(user, 'Cash Management Account', '8000.01');
    expect(tooMuch.json().message).toBe('Insufficient balance for this amount.');

    const over = await cashOut(user, 'Cash Management Account', '12000.01');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('You cannot cash out more than the account holds.');
    clock.advance(1000);
    expect((await cashOut(user, 'Cash Management Account', '11500')).statusCode).toBe(201);
    clock.advance(1000);
    // 500 is under the minimum, but it is all that is left: the account can be emptied.
    expect((await cashOut(user, 'Cash Management Account', '499')).json().message).toBe(
      'A cash-out must be between $1,000.00 and $1,000,000.00.',
    );
    expect((await cashOut(user, 'Cash Management Account', '500')).statusCode).toBe(201);
    expect(await cash(user)).toBe('20000.00');
    expect(await mine(user)).toMatchObject([{ balance: '0.00' }]);

    const history = (await call(user, 'GET', '/api/user/savings-accounts/history?per_page=2')).json().data
      .savings_history;
    expect(history.total).toBe(3);
    expect(history.last_page).toBe(2);
    expect(history.data.map((row: { method: string; amount: string }) => [row.method, row.amount])).toEqual([
      ['cashout', '500.00'],
      ['cashout', '11500.00'],
    ]);
    expect(history.data[0].savings.savings_account.name).toBe('Cash Management Account');
  });

  it('a retried contribution with the same Idempotency-Key moves money once', async () => {
    const user = await saver({ cash: '10000' });
    await open(user, 'SEP IRA');
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/user/savings-accounts/credit',
        headers: { ...bearer(user.token), 'idempotency-key': 'savings-retry-0001' },
        payload: { savings_account_id: idOf('SEP IRA'), method: 'contribution', amount: '2500' },
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(await cash(user)).toBe('7500.00');
  });

  it('refuses an account the caller has not opened, and another user cannot touch it', async () => {
    const owner = await saver({ cash: '5000' });
    await open(owner, 'Rollover IRA');
    await contribute(owner, 'Rollover IRA', '2000');
    const other = await saver({ cash: '5000' });
    const response = await cashOut(other, 'Rollover IRA', '1000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('You have not opened this account yet.');
    expect(await mine(owner)).toMatchObject([{ balance: '2000.00' }]);
  });

  it('ROTH and Traditional IRA share one yearly limit, and the message names the room left', async () => {
    const user = await saver({ cash: '20000' });
    await open(user, 'ROTH IRA');
    await open(user, 'Traditional IRA');
    expect((await contribute(user, 'ROTH IRA', '5000')).statusCode).toBe(201);
    const over = await contribute(user, 'Traditional IRA', '3000');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      `That is over this account's yearly limit: $2,000.00 of room is left for ${clock.now().getUTCFullYear()}.`,
    );
    expect((await mine(user)).map((account) => account.contribution_room)).toEqual(['2000.00', '2000.00']);
    expect((await contribute(user, 'Traditional IRA', '2000')).statusCode).toBe(201);
    // A cash-out does not give room back.
    expect((await cashOut(user, 'ROTH IRA', '1000')).statusCode).toBe(201);
    const full = await contribute(user, 'ROTH IRA', '1000');
    expect(full.json().message).toBe(
      `You have used this account's contribution limit for ${clock.now().getUTCFullYear()}: no room is left this year.`,
    );
    expect(await cash(user)).toBe('14000.00');
  });

  it('parallel contributions cannot pass the limit together', async () => {
    const user = await saver({ cash: '50000' });
    await open(user, 'HSA').then((response) => expect(response.statusCode).toBe(422)); // not offered in the UK
    await open(user, 'ROTH IRA');
    await open(user, 'Traditional IRA');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => contribute(user, index % 2 ? 'ROTH IRA' : 'Traditional IRA', '1500')),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(4);
    expect(responses.filter((response) => response.statusCode === 422)).toHaveLength(6);
    const total = (await mine(user)).reduce((sum, account) => sum.plus(account.balance), new Decimal(0));
    expect(total.toFixed(2)).toBe('6000.00');
  });
});

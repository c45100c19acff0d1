import { savingsGoals } from '@itrust/contracts/savings-rules';
import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createSavingsService } from './savings.service.ts';

const day = 24 * 60 * 60 * 1000;
// Mid-June, so a run of days never crosses into another contribution year.
const clock = createTestClock(new Date(Date.UTC(new Date().getUTCFullYear(), 5, 15, 12)));
let testApp: TestApp;
let wallet: WalletService;
let productIds: Map<string, number>;
let usPlaces: Record<string, number>;

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
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

const idOf = (name: string) => productIds.get(name) ?? 0;
const call = (user: SignedUpUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

async function saver(options: { cash?: string; american?: boolean; approved?: boolean } = {}) {
  const user = await signUp(testApp, { verified: true, ...(options.american ? { overrides: usPlaces } : {}) });
  if (options.approved !== false)
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  if (options.cash) {
    const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal(options.cash), mode: 'bank' });
    await wallet.approve(deposit.id);
  }
  return user;
}
const open = (user: SignedUpUser, name: string) =>
  call(user, 'POST', '/api/user/savings-accounts/store', { savings_account_id: idOf(name) });
const contribute = (user: SignedUpUser, name: string, amount: string) =>
  call(user, 'POST', '/api/user/savings-accounts/credit', {
    savings_account_id: idOf(name),
    method: 'contribution',
    amount,
  });
const cashOut = (user: SignedUpUser, name: string, amount: string) =>
  call(user, 'POST', '/api/user/savings-accounts/debit', { savings_account_id: idOf(name), method: 'cashout', amount });
const mine = async (user: SignedUpUser) =>
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
const cash = async (user: SignedUpUser) => (await wallet.wallets(user.id)).cash.balance;

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

describe('interest', () => {
  it('accrues once per account per day, even when the job runs twice at once in two services', async () => {
    const user = await saver({ cash: '100000' });
    await open(user, 'Cash Management Account');
    await contribute(user, 'Cash Management Account', '36500');
    const users = createUsersRepository(testApp.database.db);
    const first = createSavingsService({ db: testApp.database.db, clock, users });
    const second = createSavingsService({ db: testApp.database.db, clock, users });
    clock.advance(3 * day);
    await Promise.all([first.accrueInterest(), second.accrueInterest(), first.accrueInterest()]);
    await Promise.all([first.accrueInterest(), second.accrueInterest()]);

    const { rows } = await testApp.database.db.$client.query<{ day: string; paid: string }>(
      `select i.day::text, i.paid::text from savings_interest i join user_savings s on s.id = i.user_savings_id
       where s.user_id = $1 order by i.day`,
      [user.id],
    );
    // The opening day and the two whole days after it; today is not over yet.
    expect(rows).toHaveLength(3);
    // 36,500 at 4% is 4.00 a day, then a little more each day as interest earns interest.
    expect(rows.map((row) => row.paid)).toEqual(['4.00', '4.00', '4.00']);
    // The session has expired three days on: read through the service.
    const [account] = await first.accounts(user.id);
    expect(account?.balance).toBe('36512.00');
    expect(account?.total_savings_return).toBe('12.00');
  });

  it("pays each missed day on that day's closing balance, leaving out what moved after it", async () => {
    const user = await saver({ cash: '100000' });
    await open(user, 'Cash Management Account');
    expect((await contribute(user, 'Cash Management Account', '36500')).statusCode).toBe(201);
    const service = createSavingsService({
      db: testApp.database.db,
      clock,
      users: createUsersRepository(testApp.database.db),
    });
    clock.advance(2 * day);
    // Through the service: the session has expired two days on.
    await service.contribute(user.id, idOf('Cash Management Account'), new Decimal('36500'));
    clock.advance(2 * day);
    await service.accrueInterest();

    const { rows } = await testApp.database.db.$client.query<{ balance: string; paid: string }>(
      `select i.balance::text, i.paid::text from savings_interest i join user_savings s on s.id = i.user_savings_id
       where s.user_id = $1 order by i.day`,
      [user.id],
    );
    // Four days paid in one run, each on its own closing balance: the second contribution counts from
    // the day it was made, and each day's interest from the next.
    expect(rows).toEqual([
      { balance: '36500.00', paid: '4.00' },
      { balance: '36504.00', paid: '4.00' },
      { balance: '73008.00', paid: '8.00' },
      { balance: '73016.00', paid: '8.00' },
    ]);
  });

  it("reports the return, all time and of the last 24 hours, as the ledger's journals have it at any hour", async () => {
    const user = await saver({ cash: '10000' });
    await open(user, 'Cash Management Account');
    // 1,000 at 4% earns 0.109589… a day: the payments are 0.10 or 0.11 as the running total's cents turn.
    await contribute(user, 'Cash Management Account', '1000');
    const service = createSavingsService({
      db: testApp.database.db,
      clock,
      users: createUsersRepository(testApp.database.db),
    });
    const fromJournals = async () => {
      const { rows } = await testApp.database.db.$client.query<{ total: string; last_day: string }>(
        `select coalesce(sum(e.amount), 0)::text as total,
           coalesce(sum(e.amount) filter (where e.created_at > $2::timestamptz - interval '24 hours'), 0)::text as last_day
         from journal_entries e join journal_transactions j on j.id = e.journal_id
         join ledger_accounts a on a.id = e.account_id join user_savings s on s.id = a.savings_id
         where s.user_id = $1 and j.description = 'savings interest'`,
        [user.id, clock.now()],
      );
      return rows[0];
    };
    const seen = new Set<string>();
    // Whole days and odd hours, so the 24 hours start at midnight, just after it and mid-day.
    for (const step of [day, 12 * 60 * 60 * 1000, day, 60 * 1000, day - 60 * 1000, 2 * day]) {
      clock.advance(step);
      await service.accrueInterest();
      const [account] = await service.accounts(user.id);
      const journals = await fromJournals();
      expect({ total: account?.total_savings_return, last_day: account?.total_savings_24hr }).toEqual({
        total: new Decimal(journals?.total ?? 'NaN').toFixed(2),
        last_day: new Decimal(journals?.last_day ?? 'NaN').toFixed(2),
      });
      seen.add(journals?.last_day ?? '');
    }
    expect(await fromJournals().then((journals) => journals?.total)).toBe('0.65');
    // The 24 hours always hold one day's end; both cent amounts were that day's payment at some step.
    expect([...seen].sort()).toEqual(['0.10', '0.11']);
  });
});

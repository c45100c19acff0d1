import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { createUsersRepository } from '../users/users.repository.ts';
import { clock, contribute, idOf, open, saver, testApp, useSavingsApp } from '../../../test/savings-app.ts';
import { createSavingsService } from './savings.service.ts';

const day = 24 * 60 * 60 * 1000;

useSavingsApp();

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

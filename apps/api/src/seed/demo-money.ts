import { Decimal } from 'decimal.js';
import type { Database } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { savingsProducts } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { createSavingsService } from '../modules/savings/savings.service.ts';
import { day, hour } from '../modules/market/history.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';
import { seedClock, seedDemoTrades } from './demo-trades.ts';

/** A ROTH IRA opened 100 days ago with two contributions; the interest job then pays every day since. */
async function seedDemoSavings(
  db: Database,
  clock: Clock,
  users: UsersRepository,
  userId: string,
  at: (daysAgo: number, hourOfDay: number) => void,
) {
  const savings = createSavingsService({ db, clock, users });
  const [roth] = await db.select().from(savingsProducts).where(eq(savingsProducts.name, 'ROTH IRA'));
  if (!roth) throw new Error('the ROTH IRA product is missing');
  at(100, 13);
  await savings.open(userId, roth.id);
  await savings.contribute(userId, roth.id, new Decimal('3000'));
  at(30, 12);
  await savings.contribute(userId, roth.id, new Decimal('2500'));
}

/** A past for the demo investor that every money screen can show, each step written at the time it happened. */
export async function seedDemoMoney(
  db: Database,
  users: UsersRepository,
  limits: Parameters<typeof walletServiceFor>[3],
  userId: string,
  now: Date,
): Promise<void> {
  const clock = seedClock(now);
  const at = (daysAgo: number, hourOfDay: number) =>
    clock.set(new Date(Math.floor(now.getTime() / day) * day - daysAgo * day + hourOfDay * hour));
  const wallet = walletServiceFor(db, clock, users, limits);

  at(120, 9);
  const deposit = await wallet.requestDeposit(userId, {
    amount: new Decimal('120000'),
    mode: 'bank',
    comment: 'Opening deposit',
  });
  at(119, 11);
  await wallet.approve(deposit.id, undefined);
  at(118, 14);
  await wallet.swap(userId, { amount: new Decimal('20000'), from: 'cash', to: 'brokerage' });

  await seedDemoTrades(db, clock, users, userId, now);
  await seedDemoSavings(db, clock, users, userId, at);
  clock.set(now);
  await createSavingsService({ db, clock, users }).accrueInterest();

  at(2, 10);
  await wallet.requestDeposit(userId, { amount: new Decimal('2500'), mode: 'crypto', coin: 'btc' });
  at(1, 16);
  // The demo investor confirmed the account with a strong second step when adding it, so it works at once.
  const bank = await wallet.savePaymentMethod(
    userId,
    {
      type: 'bank',
      label: 'Everyday account',
      account_number: '31926819',
      account_name: 'Demo Investor',
      bank_name: 'Example Bank',
      routing_number: '40-47-84',
      bank_address: '1 Bank Street, London',
    },
    true,
  );
  await wallet.requestWithdrawal(userId, { amount: new Decimal('5000'), paymentMethodId: bank.id }, () => ({
    strong: true,
  }));
}

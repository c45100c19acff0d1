import { Decimal } from 'decimal.js';
import type { Database } from '../db/client.ts';
import { paymentMethods } from '../db/schema/index.ts';
import { day, hour } from '../modules/market/history.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';
import { seedClock, seedDemoTrades } from './demo-trades.ts';

/**
 * Gives the demo investor a past every money screen can show, each step at the time it happened:
 * an approved bank deposit and a transfer to brokerage four months ago, the trades of
 * seedDemoTrades, then a pending crypto deposit and a pending withdrawal to a saved bank account.
 */
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
  if (deposit) await wallet.approve(deposit.id, undefined);
  at(118, 14);
  await wallet.swap(userId, { amount: new Decimal('20000'), from: 'cash', to: 'brokerage' });

  await seedDemoTrades(db, clock, users, userId, now);

  at(2, 10);
  await wallet.requestDeposit(userId, { amount: new Decimal('2500'), mode: 'crypto', coin: 'btc' });
  at(1, 16);
  const [bank] = await db
    .insert(paymentMethods)
    .values({
      userId,
      type: 'bank',
      label: 'Everyday account',
      accountNumber: '31926819',
      accountName: 'Demo Investor',
      bankName: 'Example Bank',
      routingNumber: '40-47-84',
      bankAddress: '1 Bank Street, London',
    })
    .returning();
  if (bank) await wallet.requestWithdrawal(userId, { amount: new Decimal('5000'), paymentMethodId: bank.id });
}

import { Decimal } from 'decimal.js';
import type { Database } from '../db/client.ts';
import { paymentMethods } from '../db/schema/index.ts';
import type { WalletService } from '../modules/ledger/wallet.service.ts';

/**
 * Gives the demo investor a history every cash screen can show: an approved bank deposit, a
 * pending crypto deposit, a transfer to brokerage and a pending withdrawal to a saved bank account.
 */
export async function seedDemoMoney(db: Database, wallet: WalletService, userId: string): Promise<void> {
  const deposit = await wallet.requestDeposit(userId, {
    amount: new Decimal('120000'),
    mode: 'bank',
    comment: 'Opening deposit',
  });
  if (deposit) await wallet.approve(deposit.id, undefined);
  await wallet.requestDeposit(userId, { amount: new Decimal('2500'), mode: 'crypto', coin: 'btc' });
  await wallet.swap(userId, { amount: new Decimal('20000'), from: 'cash', to: 'brokerage' });
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

import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { fundedInvestor, listedStock } from '../../../test/fixtures.ts';
import { checkBooksAfterEach } from '../../../test/ledger.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { currentQuote, type QuoteSource } from './trade-settlement.service.ts';
import { createTradingService } from './trading.service.ts';

const clock = createTestClock(new Date('2026-11-30T10:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' }, { clock });
});
checkBooksAfterEach(() => testApp.database.db);
afterAll(() => testApp.close());

describe('a buy by amount', () => {
  it('settles at the price it worked the quantity out from, so a tick meanwhile cannot make it cost more', async () => {
    const db = testApp.database.db;
    const users = createUsersRepository(db);
    const user = await fundedInvestor(
      testApp,
      walletServiceFor(db, clock, users, testApp.config.limits),
      '100',
      'brokerage',
    );
    const assetId = await listedStock(db, 'BW1');
    // Each read after the first sees a price 10% higher, as if a tick had committed between them.
    let reads = 0;
    const ticking: QuoteSource = async (tx, id, currency) => {
      const quote = await currentQuote(tx, id, currency);
      reads += 1;
      return reads === 1 ? quote : { ...quote, price: new Decimal(quote.price).times('1.1').toFixed(2) };
    };
    const { position } = await createTradingService({ db, clock, users, quotes: ticking }).buyWorth(
      user.id,
      assetId,
      new Decimal('50'),
      'USD',
    );
    expect(position.quantity).toBe('0.50000000');
    expect(new Decimal(position.entryPrice).toFixed(2)).toBe('100.00');
    expect(position.cost).toBe('50.00');
    expect(reads).toBe(1);
  });
});

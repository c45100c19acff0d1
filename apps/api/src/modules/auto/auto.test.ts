import { autoModels } from '@itrust/contracts/auto-models';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, type SignedUpUser } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { autoServiceFor, type AutoService } from './auto.service.ts';

const clock = createTestClock(new Date(Date.now() + 60_000));
let testApp: TestApp;
let auto: AutoService;
let wallet: WalletService;
const balanced = autoModels.balanced.weights as Record<string, number>;

/** The price path: every asset of the balanced model at a round price, moved by hand, each move a second later. */
const basePrices: Record<string, string> = {
  AAPL: '200',
  MSFT: '400',
  GOOGL: '150',
  AMZN: '180',
  'BRK.B': '450',
  JPM: '220',
  JNJ: '160',
  PG: '170',
  V: '280',
  BTC: '60000',
  ETH: '3000',
};
async function setPrice(symbol: string, price: string) {
  clock.advance(1000);
  await testApp.database.db.$client.query(
    'update asset_quotes set price = $1, previous_close = $1 where asset_id = (select id from assets where symbol = $2)',
    [price, symbol],
  );
}

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', DEPOSIT_BANK_MAX: '10000000' }, { clock });
  const users = createUsersRepository(testApp.database.db);
  auto = autoServiceFor(testApp.database.db, clock, users, 10);
  wallet = walletServiceFor(testApp.database.db, clock, users, testApp.config.limits, auto.raiseCash);
});
beforeEach(async () => {
  for (const [symbol, price] of Object.entries(basePrices)) await setPrice(symbol, price);
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

/** An approved investor (intermediate experience: the balanced model) with `amount` moved into auto. */
const investor = (amount: string): Promise<SignedUpUser> => fundedInvestor(testApp, wallet, amount, 'auto');
const holdings = async (user: SignedUpUser) => (await auto.overview(user.id)).holdings;
const runs = async (user: SignedUpUser) =>
  (
    await testApp.database.db.$client.query<{ kind: string }>(
      'select kind from auto_runs where user_id = $1 order by id',
      [user.id],
    )
  ).rows.map((row) => row.kind);

describe('investing idle cash', () => {
  it('invests a 10,000 transfer to the model weights in one run, within a few cents of each target', async () => {
    const user = await investor('10000');
    expect(await auto.runFor(user.id)).toBe('invest');
    const overview = await auto.overview(user.id);
    expect(overview.model).toBe('balanced');
    expect(Number(overview.total)).toBeCloseTo(10_000, 1);
    expect(Number(overview.cash)).toBeLessThan(0.2);
    for (const [symbol, weight] of Object.entries(balanced)) {
      const holding = overview.holdings.find((candidate) => candidate.symbol === symbol);
      // Fractional shares to 8 places: each value lands within a few cents of its target, far inside one share.
      expect(Math.abs(Number(holding?.value) - 100 * weight), symbol).toBeLessThan(0.05);
    }
    // Nothing is left to do: a second run trades nothing.
    expect(await auto.runFor(user.id)).toBe('idle');
    expect(await runs(user)).toEqual(['invest']);
  });

  it('two runs at once do not invest the same cash twice', async () => {
    const user = await investor('5000');
    const [first, second] = await Promise.all([auto.runFor(user.id), auto.runFor(user.id), auto.runAll()]);
    // The job's run may be the one that invests: the record of runs says exactly one did.
    expect([first, second].filter((outcome) => outcome === 'invest').length).toBeLessThanOrEqual(1);
    expect(await runs(user)).toEqual(['invest']);
    const invested = (await holdings(user)).reduce((sum, holding) => sum + Number(holding.value), 0);
    expect(invested).toBeGreaterThan(4999);
    expect(invested).toBeLessThanOrEqual(5000);
  });
});

describe('rebalancing', () => {
  it('a 20% move in one asset triggers exactly one rebalance, back to the targets', async () => {
    const user = await investor('10000');
    await auto.runFor(user.id);
    await setPrice('AAPL', '200');
    expect(await auto.runFor(user.id)).toBe('idle');
    await setPrice('AAPL', '240');
    expect(await auto.runFor(user.id)).toBe('rebalance');
    expect(await auto.runFor(user.id)).toBe('idle');
    expect(await runs(user)).toEqual(['invest', 'rebalance']);
    const overview = await auto.overview(user.id);
    for (const holding of overview.holdings)
      expect(Math.abs(Number(holding.weight) - Number(holding.target)), holding.symbol).toBeLessThan(0.05);
    // The trade history tells these trades from the investor's own: the auto wallet, and why it sold.
    const history = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/user/position/history?per_page=100',
        headers: bearer(user.token),
      })
    ).json().data.positions.data as { type: string; symbol: string; account: string; reason: string }[];
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((trade) => trade.account === 'auto')).toBe(true);
    expect(history.some((trade) => trade.type === 'sell' && trade.reason === 'rebalance')).toBe(true);
  });

  it('a changed model sells what it no longer holds and buys the new one', async () => {
    const user = await investor('8000');
    await auto.runFor(user.id);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/auto',
      headers: bearer(user.token),
      payload: { model: 'conservative' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // The conservative model holds KO, WMT and others the balanced one does not; price them.
    for (const symbol of ['KO', 'WMT']) await setPrice(symbol, '60');
    expect(await auto.runFor(user.id)).toBe('rebalance');
    const held = (await holdings(user)).filter((holding) => Number(holding.value) > 0).map((holding) => holding.symbol);
    expect(held.sort()).toEqual(Object.keys(autoModels.conservative.weights).sort());
  });
});

describe('transfers out of auto', () => {
  it('sell holdings pro rata when the cash is short, and move exactly the amount asked', async () => {
    const user = await investor('10000');
    await auto.runFor(user.id);
    const before = new Map((await holdings(user)).map((holding) => [holding.symbol, Number(holding.quantity)]));
    const cashBefore = new Decimal((await wallet.wallets(user.id)).cash.balance);
    await wallet.swap(user.id, { amount: new Decimal('3000'), from: 'auto', to: 'cash' });
    expect((await wallet.wallets(user.id)).cash.balance).toBe(cashBefore.plus(3000).toFixed(2));
    const ratios = (await holdings(user)).map(
      (holding) => Number(holding.quantity) / (before.get(holding.symbol) ?? 1),
    );
    for (const ratio of ratios) expect(ratio).toBeCloseTo(0.7, 3);
    const left = await auto.overview(user.id);
    expect(Number(left.cash)).toBeGreaterThanOrEqual(0);
    expect(Number(left.cash)).toBeLessThan(1);
  });

  it('fail cleanly with 422 when a price is missing, and nothing moves', async () => {
    const user = await investor('2000');
    await auto.runFor(user.id);
    const { rows } = await testApp.database.db.$client.query(
      "delete from asset_quotes where asset_id = (select id from assets where symbol = 'V') returning *",
    );
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/user/transaction/swap',
        headers: bearer(user.token),
        payload: { amount: '1500', from: 'auto', to: 'cash' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'Prices are not available right now, so your investments cannot be sold. Try again in a minute.',
      );
      expect((await wallet.wallets(user.id)).cash.balance).toBe('0.00');
    } finally {
      const quote = rows[0];
      await testApp.database.db.$client.query(
        `insert into asset_quotes select * from json_populate_record(null::asset_quotes, $1)`,
        [JSON.stringify(quote)],
      );
    }
  });
});

describe('holdings managed by the wallet', () => {
  it('cannot be closed by hand through the trading API', async () => {
    const user = await investor('3000');
    await auto.runFor(user.id);
    const { rows } = await testApp.database.db.$client.query<{ id: string }>(
      "select id from positions where user_id = $1 and wallet = 'auto' and status = 'open' limit 1",
      [user.id],
    );
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/user/position/close/${rows[0]?.id}`,
      headers: bearer(user.token),
      payload: { position_id: rows[0]?.id, quantity: '0.001', wallet: 'brokerage' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Automated investing manages this holding: move money out of that wallet to sell it.',
    );
  });
});

describe('the books', () => {
  it('stay whole through a random sequence of transfers, price moves and job runs', async () => {
    const user = await investor('20000');
    const symbols = Object.keys(basePrices);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('in' as const), amount: fc.integer({ min: 1, max: 3000 }) }),
            fc.record({ kind: fc.constant('out' as const), amount: fc.integer({ min: 1, max: 3000 }) }),
            fc.record({
              kind: fc.constant('tick' as const),
              symbol: fc.constantFrom(...symbols),
              move: fc.integer({ min: -30, max: 30 }),
            }),
            fc.record({ kind: fc.constant('run' as const) }),
          ),
          { minLength: 5, maxLength: 15 },
        ),
        async (steps) => {
          for (const step of steps) {
            if (step.kind === 'tick') {
              const price = new Decimal(basePrices[step.symbol] ?? '100').times(100 + step.move).dividedBy(100);
              await setPrice(step.symbol, price.toFixed(2));
            } else if (step.kind === 'run') {
              await auto.runFor(user.id);
            } else {
              await wallet
                .swap(user.id, {
                  amount: new Decimal(step.amount),
                  from: step.kind === 'in' ? 'cash' : 'auto',
                  to: step.kind === 'in' ? 'auto' : 'cash',
                })
                .catch((error: unknown) => {
                  // Asking for more than auto holds in all is refused; nothing else may fail.
                  if (!(error instanceof Error) || !/Insufficient/.test(error.message)) throw error;
                });
            }
          }
          expect(await ledgerProblems(testApp.database.db)).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  }, 60_000);
});

import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  clock,
  investors,
  nextDividend,
  payerOf,
  payments,
  secondPool,
  testApp,
  useDividendsApp,
} from '../../../test/dividends-app.ts';
import { listedStock } from '../../../test/fixtures.ts';
import { systemShardOf } from '../ledger/ledger.service.ts';
import { createTradingService } from '../trading/trading.service.ts';
import { createSplitApplier } from '../splits/split-apply.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { allocate } from './allocation.ts';
import { exCloseOf, payAtOf } from './schedule.ts';

useDividendsApp();

describe('the rounding rule', () => {
  it('rounds each share down and gives the cents left to the largest remainders, ties by key', () => {
    const shares = [
      { key: 'a', exact: new Decimal('0.333') },
      { key: 'b', exact: new Decimal('0.334') },
      { key: 'c', exact: new Decimal('0.333') },
    ];
    expect([...allocate(shares)].map(([key, amount]) => [key, amount.toFixed(2)])).toEqual([
      ['a', '0.33'],
      ['b', '0.34'],
      ['c', '0.33'],
    ]);
    const tied = allocate([
      { key: 'b', exact: new Decimal('0.005') },
      { key: 'a', exact: new Decimal('0.005') },
    ]);
    expect(tied.get('a')?.toFixed(2)).toBe('0.01');
    expect(tied.get('b')?.toFixed(2)).toBe('0.00');
    const many = allocate([...Array(7).keys()].map((index) => ({ key: `k${index}`, exact: new Decimal('1.4285714') })));
    expect([...many.values()].reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2)).toBe('10.00');
    for (const amount of many.values()) expect(amount.minus('1.4285714').abs().lt('0.01')).toBe(true);
  });
});

describe('dividend payments', () => {
  it('pays 1,000 holders, fractional ones too, each once with two payers, the total exact to the cent', async () => {
    const payer = payerOf('DV1');
    const assetId = await listedStock(testApp.database.db, payer.symbol);
    const holders = await investors('dv1holder', 1000);
    const trading = createTradingService({
      db: testApp.database.db,
      clock,
      users: createUsersRepository(testApp.database.db),
    });
    const quantityOf = (index: number) => new Decimal(index % 9).plus(new Decimal(index).times('0.00137')).plus('0.01');
    for (let start = 0; start < holders.length; start += 20)
      await Promise.all(
        holders
          .slice(start, start + 20)
          .map((holder, offset) =>
            trading.buy(holder.id, { assetId, quantity: quantityOf(start + offset), currency: holder.currency }),
          ),
      );
    const dividend = nextDividend(payer);
    const before = new Map(
      await Promise.all(holders.map(async (holder) => [holder.id, await balanceOf(holder.id)] as const)),
    );

    const at = payAtOf(dividend);
    const [first, second] = await Promise.all([payments(payer, at).runDue(), payments(payer, at, secondPool).runDue()]);
    expect(first + second).toBe(1000);
    expect(await payments(payer, new Date(at.getTime() + 3_600_000), secondPool).runDue()).toBe(0);

    const { rows: rates } = await testApp.database.db.$client.query<{ currency: string; rate: string }>(
      'select currency::text, rate::text from dividend_rates where asset_id = $1',
      [assetId],
    );
    for (const currency of ['USD', 'GBP']) {
      const rate = rates.find((row) => row.currency === currency)?.rate ?? 'missing';
      const inCurrency = holders
        .map((holder, index) => ({ ...holder, index }))
        .filter((holder) => holder.currency === currency);
      const exact = inCurrency.reduce(
        (sum, holder) => sum.plus(quantityOf(holder.index).times(dividend.perShare).times(rate)),
        new Decimal(0),
      );
      const after = new Map(
        await Promise.all(inCurrency.map(async (holder) => [holder.id, await balanceOf(holder.id)] as const)),
      );
      let paid = new Decimal(0);
      for (const holder of inCurrency) {
        const gained = new Decimal(after.get(holder.id) ?? '0').minus(before.get(holder.id) ?? '0');
        expect(gained.minus(quantityOf(holder.index).times(dividend.perShare).times(rate)).abs().lt('0.01')).toBe(true);
        paid = paid.plus(gained);
      }
      expect(paid.toFixed(2)).toBe(exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    }
    const { rows: counted } = await testApp.database.db.$client.query<{ payments: number; dividends: number }>(
      `select (select count(*) from dividend_payments where asset_id = $1)::int as payments,
         (select count(*) from transactions t join dividend_payments p on p.transaction_id = t.id
          where p.asset_id = $1 and t.type = 'dividend')::int as dividends`,
      [assetId],
    );
    expect(counted[0]).toEqual({ payments: 1000, dividends: 1000 });
    // Each payment debits its holder's shard of the dividends account, so two payers seldom wait on one row.
    const { rows: debited } = await testApp.database.db.$client.query<{ user_id: string; shard: number }>(
      `select p.user_id, a.shard from dividend_payments p
       join journal_transactions j on j.transaction_id = p.transaction_id
       join journal_entries e on e.journal_id = j.id
       join ledger_accounts a on a.id = e.account_id and a.user_id is null and a.kind = 'dividends'
       where p.asset_id = $1`,
      [assetId],
    );
    expect(debited).toHaveLength(1000);
    for (const row of debited) expect(row.shard).toBe(systemShardOf(row.user_id));
    expect(new Set(debited.map((row) => row.shard)).size).toBe(16);
  }, 240_000);

  it('counts holders at the ex-date close: a buy after it earns nothing', async () => {
    const payer = payerOf('DV2');
    const assetId = await listedStock(testApp.database.db, payer.symbol);
    const [early, late] = await investors('dv2holder', 2);
    if (!early || !late) throw new Error('no holders');
    const dividend = nextDividend(payer);
    const afterClose = new Date(exCloseOf(dividend).getTime() + 60_000);
    const users = createUsersRepository(testApp.database.db);
    await createTradingService({ db: testApp.database.db, clock, users }).buy(early.id, {
      assetId,
      quantity: new Decimal('2.5'),
    });
    await createTradingService({ db: testApp.database.db, clock: { now: () => afterClose }, users }).buy(late.id, {
      assetId,
      quantity: new Decimal(3),
    });
    expect(await payments(payer, payAtOf(dividend)).runDue()).toBe(1);
    const { rows } = await testApp.database.db.$client.query<{ user_id: string; amount: string }>(
      'select user_id, amount::text from dividend_payments where asset_id = $1',
      [assetId],
    );
    expect(rows).toEqual([{ user_id: early.id, amount: '2.08' }]);
  });

  it('reinvests a dividend in the same stock when the holder asked, never for more than it paid', async () => {
    const payer = payerOf('DV3');
    const assetId = await listedStock(testApp.database.db, payer.symbol);
    const [holder] = await investors('dv3holder', 1);
    if (!holder) throw new Error('no holder');
    const users = createUsersRepository(testApp.database.db);
    await createTradingService({ db: testApp.database.db, clock, users }).buy(holder.id, {
      assetId,
      quantity: new Decimal(10),
    });
    await testApp.database.db.$client.query(
      'insert into dividend_settings (user_id, reinvest, updated_at) values ($1, true, now())',
      [holder.id],
    );
    const balance = await balanceOf(holder.id);
    const dividend = nextDividend(payer);
    expect(await payments(payer, payAtOf(dividend)).runDue()).toBe(1);
    // 10 × 0.8325 = 8.325, rounded to 8.33; at 100 a share that buys 0.0833.
    const { rows } = await testApp.database.db.$client.query<{ amount: string; quantity: string; cost: string }>(
      `select d.amount::text, p.quantity::text, p.cost::text from dividend_payments d
       join positions p on p.id = d.reinvested_position_id where d.user_id = $1`,
      [holder.id],
    );
    expect(rows).toEqual([{ amount: '8.33', quantity: '0.08330000', cost: '8.33' }]);
    expect(await balanceOf(holder.id)).toBe(balance);
  });

  it('pays a holder through a 3-for-1 split what they would have had: three times the shares, a third a share', async () => {
    const payer = payerOf('DV4');
    const assetId = await listedStock(testApp.database.db, payer.symbol);
    const [before, after] = await investors('dv4holder', 2);
    if (!before || !after) throw new Error('no holders');
    const dividend = nextDividend(payer);
    const users = createUsersRepository(testApp.database.db);
    const db = testApp.database.db;
    await createTradingService({ db, clock, users }).buy(before.id, { assetId, quantity: new Decimal(3) });
    const splitAt = new Date(clock.now().getTime() + 60_000);
    expect(splitAt < exCloseOf(dividend)).toBe(true);
    await db.$client.query(
      `insert into splits (asset_id, ratio_to, ratio_from, effective_on, created_at) values ($1, 3, 1, $2, now())`,
      [assetId, splitAt.toISOString().slice(0, 10)],
    );
    expect(await createSplitApplier({ db, clock: { now: () => splitAt } }).applyDue()).toHaveLength(1);
    // Bought after the split, in its share count: 9 shares now are the 3 the first holder had.
    await createTradingService({ db, clock: { now: () => splitAt }, users }).buy(after.id, {
      assetId,
      quantity: new Decimal(9),
    });

    expect(await payments(payer, payAtOf(dividend)).runDue()).toBe(2);
    const { rows } = await db.$client.query<{ user_id: string; quantity: string; amount: string }>(
      'select user_id, quantity::text, amount::text from dividend_payments where asset_id = $1 order by user_id',
      [assetId],
    );
    // 3 × 0.8325 = 2.4975 before the split; 9 × 0.2775 after it: 2.50 either way.
    expect(rows).toEqual(
      [before.id, after.id].sort().map((userId) => ({ user_id: userId, quantity: '9.00000000', amount: '2.50' })),
    );
    const { rows: recorded } = await db.$client.query<{ per_share: string }>(
      'select per_share::text from dividends where asset_id = $1',
      [assetId],
    );
    expect(recorded).toEqual([{ per_share: '0.2775000000' }]);
  });

  it('pays at the rate another payer fixed while this one waited on it', async () => {
    const payer = payerOf('DV5');
    const assetId = await listedStock(testApp.database.db, payer.symbol);
    const holder = (await investors('dv5holder', 10)).find((investor) => investor.currency === 'GBP');
    if (!holder) throw new Error('no holder in pounds');
    const users = createUsersRepository(testApp.database.db);
    await createTradingService({ db: testApp.database.db, clock, users }).buy(holder.id, {
      assetId,
      quantity: new Decimal(10),
      currency: 'GBP',
    });
    const dividend = nextDividend(payer);
    const other = await secondPool.$client.connect();
    try {
      await other.query('begin');
      await other.query("insert into dividend_rates values ($1, $2, 'GBP', 0.5)", [assetId, dividend.exDate]);
      const paying = payments(payer, payAtOf(dividend)).runDue();
      const waiting = async (): Promise<void> => {
        const { rows } = await other.query<{ count: number }>(
          "select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock'",
        );
        if (rows[0]?.count === 0) return new Promise((resolve) => setTimeout(resolve, 20)).then(waiting);
      };
      await waiting();
      await other.query('commit');
      expect(await paying).toBe(1);
    } finally {
      other.release();
    }
    // 10 × 0.8325 = 8.325 dollars, at 0.5 to the dollar: 4.1625 pounds.
    const { rows } = await testApp.database.db.$client.query<{ amount: string }>(
      'select amount::text from dividend_payments where asset_id = $1',
      [assetId],
    );
    expect(rows).toEqual([{ amount: '4.16' }]);
  });
});

import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { autoModels } from '@itrust/contracts/auto-models';
import { autoServiceFor, type AutoService } from '../modules/auto/auto.service.ts';
import { systemShardOf } from '../modules/ledger/ledger.repository.ts';
import { walletServiceFor, type WalletService } from '../modules/ledger/wallet.service.ts';
import { createOrderFills } from '../modules/trading/trading.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/**
 * Rounding never makes money: a trade's cash rounds against the investor (purchases up, sales
 * down, to the cent), a trade worth less than a cent is refused, and the market account holds
 * exactly what the trades paid in and out.
 */
const belowOneCent = 'This trade is worth less than one cent.';

let testApp: TestApp;
let wallet: WalletService;
let auto: AutoService;
let assetId: number;
let usdcId: number;
let fills: ReturnType<typeof createOrderFills>;

const sql = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  testApp.database.db.$client.query<T>(text, values);
const setPrice = (asset: number, price: string) =>
  sql('update asset_quotes set price = $1 where asset_id = $2', [price, asset]);

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '1000000' });
  const [db, clock, users] = [
    testApp.database.db,
    { now: () => new Date() },
    createUsersRepository(testApp.database.db),
  ];
  fills = createOrderFills({ db, clock, users });
  auto = autoServiceFor(db, clock, users, 10);
  wallet = walletServiceFor(db, clock, users, testApp.config.limits, auto.raiseCash);
  // A stock of our own at prices the tests set: nothing else trades it.
  const { rows } = await sql<{ asset_id: number }>(`
    with asset as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
      values ('RNDG', 'Rounding Corp', 'stocks', '2020-01-01', 0.3, 1000000, 1) returning id)
    insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
    select id, 1, 1, 1, 1, 1, 0, 1000, 1000000, current_date, now() from asset returning asset_id`);
  assetId = rows[0]?.asset_id ?? 0;
  usdcId = (await sql<{ id: number }>("select id from assets where symbol = 'USDC'")).rows[0]?.id ?? 0;
});
afterEach(async () => {
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
});
afterAll(() => testApp.close());

async function trader(funds: string, currency = 'USD', to: 'brokerage' | 'auto' = 'brokerage'): Promise<SignedUpUser> {
  const { rows } = await sql<{ id: number }>('select id from currencies where code = $1', [currency]);
  const user = await signUp(testApp, { verified: true, overrides: { currency_id: rows[0]?.id } });
  await sql("update users set kyc = 'approved' where id = $1", [user.id]);
  const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal(funds), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(user.id, { amount: new Decimal(funds), from: 'cash', to });
  return user;
}

const send = (user: SignedUpUser, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: bearer(user.token), payload });
const buy = (user: SignedUpUser, asset: number, quantity: string, exits: Record<string, string> = {}) =>
  send(user, 'POST', '/api/user/position/store', { asset_id: asset, quantity, wallet: 'brokerage', ...exits });
const close = (user: SignedUpUser, id: string, quantity: string) =>
  send(user, 'PUT', `/api/user/position/close/${id}`, { quantity });
const brokerage = async (user: SignedUpUser) => new Decimal((await wallet.wallets(user.id)).brokerage.balance);
const openPositions = async (user: SignedUpUser) =>
  (
    await sql<{ id: string; quantity: string }>(
      "select id, quantity::text from positions where user_id = $1 and status = 'open' order by created_at, id",
      [user.id],
    )
  ).rows;

describe("a trade's cash", () => {
  it('is the cent above for a purchase; a trade worth less than one cent is refused on every route', async () => {
    await setPrice(assetId, '10.004');
    const user = await trader('100');
    const bought = await buy(user, assetId, '1');
    expect(bought.json().data.position.cost).toBe('10.01');
    const id = bought.json().data.position.id as string;
    for (const [method, url, payload] of [
      ['POST', '/api/user/position/store', { asset_id: assetId, quantity: '0.00099', wallet: 'brokerage' }],
      ['PUT', `/api/user/position/close/${id}`, { quantity: '0.00099' }],
      ['POST', '/api/user/trade/store', { type: 'sell', position_id: id, quantity: '0.00099' }],
      ['POST', '/api/user/trade/store', { type: 'buy', asset_id: assetId, quantity: '0.00099', wallet: 'brokerage' }],
    ] as const) {
      const refused = await send(user, method, url, payload);
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json()).toMatchObject({ message: belowOneCent, errors: { quantity: [belowOneCent] } });
    }
    expect((await brokerage(user)).toFixed(2)).toBe('89.99');
    // 0.001 × 10.004 is worth a cent and pays one; what is left is worth less, and closes whole for nothing.
    expect((await close(user, id, '0.001')).json().data.proceeds).toBe('0.01');
    expect((await close(user, id, '0.9985')).json().data.proceeds).toBe('9.98');
    const dust = await close(user, id, '0.0005');
    expect(dust.statusCode, dust.body).toBe(200);
    expect(dust.json().data.proceeds).toBe('0.00');
    expect((await brokerage(user)).toFixed(2)).toBe('99.98');
  });

  it('is the cent below for a take-profit close', async () => {
    await setPrice(assetId, '10');
    const user = await trader('100');
    await buy(user, assetId, '3', { tp: '10.5' });
    await setPrice(assetId, '10.505');
    expect(await fills.fillTriggered()).toHaveLength(1);
    // 3 × 10.505 is 31.515.
    expect((await brokerage(user)).toFixed(2)).toBe('101.51');
  });

  it('rounds against the investor in automated investing too, buying and selling', async () => {
    const odd = ['200.005', '400.0049', '150.0051', '180.333', '450.125', '220.995', '160.0001', '170.777', '280.5'];
    const symbols = Object.keys(autoModels.balanced.weights);
    for (const [index, symbol] of symbols.entries())
      await sql('update asset_quotes set price = $1 where asset_id = (select id from assets where symbol = $2)', [
        odd[index % odd.length],
        symbol,
      ]);
    const user = await trader('1000.37', 'USD', 'auto');
    expect(await auto.runFor(user.id)).toBe('invest');
    await wallet.swap(user.id, { amount: new Decimal('900'), from: 'auto', to: 'cash' });
    const { rows } = await sql<{ side: string; count: number }>(
      'select side::text, count(*)::int from trades where user_id = $1 group by side order by side',
      [user.id],
    );
    expect(rows.map((row) => row.side)).toEqual(['buy', 'sell']);
  });
});

describe('a small transfer out of automated investing', () => {
  it('sells only the holdings whose share is worth a cent or more', async () => {
    const user = await trader('1000', 'USD', 'auto');
    expect(await auto.runFor(user.id)).toBe('invest');
    const cash = new Decimal((await wallet.wallets(user.id)).auto.available);
    // Short by 5 cents: a pro-rata sale of some holdings is worth less than a cent.
    const out = await send(user, 'POST', '/api/user/transaction/swap', {
      amount: cash.plus('0.05').toFixed(2),
      from: 'auto',
      to: 'cash',
    });
    expect(out.statusCode, out.body).toBe(201);
    const { rows } = await sql<{ amount: string }>(
      "select amount::text from trades where user_id = $1 and side = 'sell'",
      [user.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => new Decimal(row.amount).gte('0.01'))).toBe(true);
  });
});

describe('the partial-close attack of issue 40', () => {
  it('gains nothing: 20 USDC bought for $20.00, then closed 0.00500100 at a time', async () => {
    await setPrice(usdcId, '1');
    const user = await trader('20.00');
    const bought = await buy(user, usdcId, '20');
    expect(bought.json().data.position.cost).toBe('20.00');
    const id = bought.json().data.position.id as string;
    for (let attempt = 0; attempt < 193; attempt += 1) {
      const sale = await close(user, id, '0.00500100');
      expect(sale.statusCode).toBe(422);
      expect(sale.json()).toMatchObject({ message: belowOneCent, errors: { quantity: [belowOneCent] } });
    }
    // Just above a cent, each sale pays the cent below: 0.015001 pays 0.01, where rounding half up paid 0.02.
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect((await close(user, id, '0.01500100')).json().data.proceeds).toBe('0.01');
    const [rest] = await openPositions(user);
    expect((await close(user, id, rest?.quantity ?? '')).json().data.proceeds).toBe('19.69');
    expect((await brokerage(user)).toFixed(2)).toBe('19.89');
  });
});

describe('buys and partial closes at a fixed price', () => {
  it('never give back more money than they took', async () => {
    const step = fc.oneof(
      // Money amounts in thousandths: half of them fall on or above a half cent.
      fc.record({ op: fc.constant('buy' as const), thousandths: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ op: fc.constant('close' as const), pick: fc.nat(), thousandths: fc.integer({ min: 1, max: 3000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('1', '0.333', '10.005', '110.005', '0.00012345', '64000.12345678'),
        fc.constantFrom('USD', 'EUR'),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (price, currency, steps) => {
          await setPrice(assetId, price);
          const user = await trader('100', currency);
          const rate = (await sql<{ rate: string }>('select rate::text from fx_rates where currency = $1', [currency]))
            .rows[0]?.rate;
          const unitPrice = new Decimal(price).times(rate ?? 1);
          const quantityOf = (thousandths: number) =>
            new Decimal(thousandths).dividedBy(1000).dividedBy(unitPrice).toDecimalPlaces(8, Decimal.ROUND_DOWN);
          for (const { op, thousandths, ...rest } of steps) {
            const quantity = quantityOf(thousandths);
            const open = await openPositions(user);
            const position = 'pick' in rest ? open[rest.pick % Math.max(1, open.length)] : undefined;
            if (quantity.isZero() || (op === 'close' && !position)) continue;
            const response =
              op === 'buy'
                ? await buy(user, assetId, quantity.toFixed(8))
                : await close(user, position?.id ?? '', Decimal.min(quantity, position?.quantity ?? 0).toFixed(8));
            expect([200, 201, 422], response.body).toContain(response.statusCode);
          }
          for (const position of await openPositions(user))
            expect((await close(user, position.id, position.quantity)).statusCode).toBe(200);
          expect((await brokerage(user)).lte(100), `${price} ${currency}`).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('the books of trading', () => {
  it('hold in each market account exactly the cash the trades moved, and no round trip at a fixed price gains', async () => {
    const { rows: flows } = await sql<{
      user_id: string;
      currency: string;
      flow: string;
      prices: number;
      open: number;
    }>(`
      select t.user_id, c.code as currency,
        sum(case when t.side = 'buy' then t.amount else -t.amount end)::text as flow,
        count(distinct t.price)::int as prices,
        (select count(*)::int from positions p where p.user_id = t.user_id and p.status = 'open') as open
      from trades t join users u on u.id = t.user_id join currencies c on c.id = u.currency_id
      group by t.user_id, c.code`);
    expect(flows.length).toBeGreaterThan(10);
    // Every trade by every route: purchases paid the cent above their value, sales the cent below.
    const { rows: rounded } = await sql<{ side: string; amount: string; value: string }>(`
      select side::text, amount::text, (quantity * price * fx_rate)::text as value from trades
      where amount <> case when side = 'buy' then ceil(quantity * price * fx_rate * 100) else floor(quantity * price * fx_rate * 100) end / 100`);
    expect(rounded).toEqual([]);
    const expected = new Map<string, Decimal>();
    for (const row of flows) {
      const key = `${row.currency} ${systemShardOf(row.user_id)}`;
      expected.set(key, (expected.get(key) ?? new Decimal(0)).plus(row.flow));
    }
    // A user closed out, who bought and sold at one price, cannot be ahead.
    const roundTrips = flows.filter((row) => row.open === 0 && row.prices === 1);
    expect(roundTrips.length).toBeGreaterThan(10);
    for (const row of roundTrips) expect(new Decimal(row.flow).gte(0), `${row.user_id} gained`).toBe(true);
    const { rows: markets } = await sql<{ currency: string; shard: number; balance: string }>(
      "select currency::text, shard, balance::text from ledger_accounts where user_id is null and kind = 'market'",
    );
    const held = new Map(markets.map((row) => [`${row.currency} ${row.shard}`, new Decimal(row.balance)]));
    for (const [key, flow] of expected) expect(held.get(key)?.toFixed(2), key).toBe(flow.toFixed(2));
    for (const [key, balance] of held) expect(balance.toFixed(2), key).toBe((expected.get(key) ?? 0).toFixed(2));

    // Each user's wallets moved against the market exactly what their trades say.
    const { rows: wallets } = await sql<{ user_id: string; moved: string }>(`
      select w.user_id, sum(e.amount)::text as moved
      from journal_entries e join ledger_accounts w on w.id = e.account_id and w.user_id is not null
      where exists (
        select 1 from journal_entries other join ledger_accounts m on m.id = other.account_id
        where other.journal_id = e.journal_id and m.user_id is null and m.kind = 'market')
      group by w.user_id`);
    const moved = new Map(wallets.map((row) => [row.user_id, new Decimal(row.moved)]));
    for (const row of flows) expect(moved.get(row.user_id)?.plus(row.flow).isZero(), row.user_id).toBe(true);
  });
});

import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { dataQueries, parameterised, tablesScanned, watchQueries, type LoggedQuery } from '../../test/query-log.ts';
import { writeDataset } from '../../../../bench/dataset.ts';
import { moneyTotalsOf, walletServiceFor, type WalletService } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/**
 * The benchmarked endpoints (issue 13): how many statements each request sends, that the number does
 * not grow with the user's data (no N+1), that indexes serve them, and that more concurrent requests
 * than pool connections all get a response.
 */
let testApp: TestApp;
let wallet: WalletService;
let queries: ReturnType<typeof watchQueries>;
let investor: SignedUpUser;
let stockIds: number[];
let cashManagementId: number;

const userInclude =
  '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount';

type Call = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: () => Record<string, unknown>;
  headers?: () => Record<string, string>;
};
let keys = 0;
const hotPaths: Call[] = [
  { name: 'health', method: 'GET', url: '/api/health' },
  { name: 'market list', method: 'GET', url: '/api/assets?per_page=25&sort=-market_cap' },
  { name: 'top movers', method: 'GET', url: '/api/assets/top-movers' },
  { name: 'user include', method: 'GET', url: userInclude },
  { name: 'analytics 30d', method: 'GET', url: '/api/user/analytics?timeframe=30d' },
  {
    name: 'swap',
    method: 'POST',
    url: '/api/user/transaction/swap',
    payload: () => ({ amount: '1', from: 'cash', to: 'brokerage' }),
  },
  {
    // As the web app sends every money request.
    name: 'swap with a key',
    method: 'POST',
    url: '/api/user/transaction/swap',
    payload: () => ({ amount: '1', from: 'cash', to: 'brokerage' }),
    headers: () => ({ 'idempotency-key': `hot-path-${(keys += 1)}-${Date.now()}` }),
  },
  {
    name: 'buy',
    method: 'POST',
    url: '/api/user/position/store',
    payload: () => ({ asset_id: stockIds[0], quantity: '0.01', wallet: 'brokerage' }),
  },
  {
    name: 'sign-in',
    method: 'POST',
    url: '/api/user/login',
    payload: () => ({ login: investor.email, password: investor.password }),
  },
  {
    name: 'savings contribution',
    method: 'POST',
    url: '/api/user/savings-accounts/credit',
    payload: () => ({ savings_account_id: cashManagementId, method: 'contribution', amount: '1000' }),
    headers: () => ({ 'idempotency-key': `hot-path-${(keys += 1)}-${Date.now()}` }),
  },
];

const send = (user: Pick<SignedUpUser, 'token'>, call: Call) =>
  testApp.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...bearer(user.token), ...call.headers?.() },
    ...(call.payload ? { payload: call.payload() } : {}),
  });

// Every statement seen on a hot path in this file, cold ones included (what is cached after a first
// read is not sent again).
const seen = new Set<string>();

async function roundTripsOf(call: Call): Promise<LoggedQuery[]> {
  const { result, queries: sent } = await queries.during(() => send(investor, call));
  for (const query of sent) seen.add(query.text);
  expect(result.statusCode, `${call.name}: ${result.body}`).toBeLessThan(300);
  if (process.env['DUMP_QUERIES'])
    console.info(
      call.name,
      sent.map((q) => `${q.prepared ? 'P' : '-'} ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n'),
    );
  return sent;
}

const statementsOf = async (call: Call) => dataQueries(await roundTripsOf(call));

async function openAndContribute(user: SignedUpUser, product: string, amount: string) {
  const { rows } = await testApp.database.db.$client.query('select id from savings_products where name = $1', [
    product,
  ]);
  const productId = rows[0].id as number;
  for (const [url, payload] of [
    ['/api/user/savings-accounts/store', { savings_account_id: productId }],
    ['/api/user/savings-accounts/credit', { savings_account_id: productId, method: 'contribution', amount }],
  ] as const) {
    const response = await testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
    if (response.statusCode >= 300) throw new Error(response.body);
  }
  return productId;
}

async function grow(user: SignedUpUser, positions: number[], product: string) {
  for (const assetId of positions) {
    const bought = await send(user, {
      name: 'buy',
      method: 'POST',
      url: '/api/user/position/store',
      payload: () => ({ asset_id: assetId, quantity: '0.5', wallet: 'brokerage' }),
    });
    if (bought.statusCode !== 201) throw new Error(bought.body);
  }
  await openAndContribute(user, product, '1000');
  await wallet.swap(user.id, { amount: new Decimal('25'), from: 'brokerage', to: 'cash' });
}

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '100000' });
  queries = watchQueries(testApp.database.db);
  wallet = walletServiceFor(
    testApp.database.db,
    { now: () => new Date() },
    createUsersRepository(testApp.database.db),
    testApp.config.limits,
  );
  const { rows } = await testApp.database.db.$client.query(
    `select a.id from assets a join asset_quotes q on q.asset_id = a.id
     where a.type = 'stocks' and q.price < 500 order by a.id limit 12`,
  );
  stockIds = rows.map((row) => row.id as number);
  // The planner's choices depend on the tables' sizes: 2,000 more investors with a year of history.
  const writer = await testApp.database.db.$client.connect();
  try {
    await writeDataset(writer, 2_000, 'not a password hash: nobody signs in');
  } finally {
    writer.release();
  }
  investor = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [investor.id]);
  const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('500000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  await wallet.swap(investor.id, { amount: new Decimal('200000'), from: 'cash', to: 'brokerage' });
  await grow(investor, stockIds.slice(0, 1), 'ROTH IRA');
  // An account without a yearly limit, so the contributions of this file never run out of room.
  cashManagementId = await openAndContribute(investor, 'Cash Management Account', '1000');
});
afterAll(() => testApp.close());

describe('statements per request', () => {
  it('stay the same however many positions, savings accounts and transactions the user has', async () => {
    // Each counted right after a warm call.
    const countWarm = async () => {
      const counts = new Map<string, number>();
      for (const call of hotPaths) {
        await statementsOf(call);
        counts.set(call.name, (await statementsOf(call)).length);
      }
      return counts;
    };
    const before = await countWarm();
    await grow(investor, stockIds.slice(1), 'SEP IRA');
    const after = await countWarm();
    console.info(
      `statements per request: ${hotPaths.map(({ name }) => `${name} ${before.get(name)}→${after.get(name)}`).join(', ')}`,
    );
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(before));
    // The token, then the list with the caller's stars.
    expect(after.get('market list')).toBe(2);
    expect(after.get('top movers')).toBe(2);
    // The token with its user; in one transaction, the record, then the wallets found, locked,
    // their balances and the journal in one statement.
    expect(after.get('swap')).toBe(3);
    // The same with an Idempotency-Key: the key looked up first, and written with its response last.
    expect(after.get('swap with a key')).toBe(5);
    // The token; in one transaction, the price with the exchange rate, the position with its trade,
    // then the accounts found, locked, their balances and journal in one statement.
    expect(after.get('buy')).toBe(4);
    // The user, the address's failures; under the account's lock, the pair's failures, cleared, the account's,
    // the token and the reset lock cleared; then the device noted, and the user's passkeys, documents and
    // currencies for the answer.
    expect(after.get('sign-in')).toBe(12);
    for (const [name, count] of after) expect(count, name).toBeLessThanOrEqual(16);
  });
});

describe('plans', () => {
  it("sum a user's deposits and withdrawals from an index alone (analytics)", async () => {
    // With the data set's 2,000 investors, each with a year of transactions.
    const query = new PgDialect().sqlToQuery(sql`explain (format json) ${moneyTotalsOf(investor.id)}`);
    const { rows } = await testApp.database.db.$client.query<{ 'QUERY PLAN': unknown }>(query.sql, query.params);
    const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"transactions_user_money_idx"');
  });
});

describe('more requests at once than pool connections', () => {
  it('all answer, for every hot path', async () => {
    const crowd = Array.from({ length: 30 }, () => investor);
    for (const call of hotPaths) {
      const responses = await Promise.all(crowd.map((user) => send(user, call)));
      expect(
        responses.filter((response) => response.statusCode >= 300).map((response) => response.body),
        call.name,
      ).toEqual([]);
    }
  }, 30_000);
});

describe('indexes', () => {
  it('serve every statement on the hot paths: no table that grows with users is scanned', async () => {
    for (const call of hotPaths) await statementsOf(call);
    const statements = parameterised(seen);
    expect(statements.length).toBeGreaterThan(20);
    expect(await tablesScanned(testApp.database.db, statements)).toEqual([]);
  });
});

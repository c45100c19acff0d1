import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, savedDestination, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { autoServiceFor, type AutoService } from '../modules/auto/auto.service.ts';
import { ledgerRepository, systemShards } from '../modules/ledger/ledger.repository.ts';
import { walletServiceFor, type WalletService } from '../modules/ledger/wallet.service.ts';
import { createSavingsService } from '../modules/savings/savings.service.ts';
import { createTradingService } from '../modules/trading/trading.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { errorMessages } from '../plugins/errors.ts';

/**
 * One investor sends many money requests at once, as several open tabs or a retrying client
 * would: transfers into and out of automated investing (which sells holdings), withdrawals, buys
 * and savings contributions, each with an Idempotency-Key as the web app sends them. Every one
 * gets a definite response (never 5xx), and the books stay whole. Their locks follow one order
 * (ledger/locks.ts); a transaction PostgreSQL still breaks off is run again, or gets 409.
 */
let testApp: TestApp;
let wallet: WalletService;
let auto: AutoService;
let investor: SignedUpUser;
let paymentMethodId: string;
let appleId: number;
const products = new Map<string, number>();

beforeAll(async () => {
  testApp = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    DEPOSIT_BANK_MIN: '1',
    DEPOSIT_BANK_MAX: '100000000',
    WITHDRAWAL_MIN: '1',
  });
  const db = testApp.database.db;
  // Market accounts older than the investor's wallets, as on a live server: lower ids.
  for (let shard = 0; shard < systemShards; shard += 1)
    await ledgerRepository.systemAccount(db, 'market', 'USD', shard);
  const users = createUsersRepository(db);
  auto = autoServiceFor(db, { now: () => new Date() }, users, 10);
  wallet = walletServiceFor(db, { now: () => new Date() }, users, testApp.config.limits, auto.raiseCash);
  investor = await signUp(testApp, { verified: true });
  await db.$client.query("update users set kyc = 'approved' where id = $1", [investor.id]);
  const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('50000000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  paymentMethodId = await savedDestination(testApp, investor);
  const { rows } = await db.$client.query<{ id: number; name: string }>('select id, name from savings_products');
  for (const row of rows) products.set(row.name, row.id);
  for (const name of ['Cash Management Account', 'Rollover IRA', 'ROTH IRA']) {
    const opened = await send('/api/user/savings-accounts/store', { savings_account_id: products.get(name) });
    expect(opened.statusCode, opened.body).toBe(201);
  }
  appleId = (await db.$client.query<{ id: number }>("select id from assets where symbol = 'AAPL'")).rows[0]?.id ?? 0;
  await wallet.swap(investor.id, { amount: new Decimal('2000000'), from: 'cash', to: 'brokerage' });
  await wallet.swap(investor.id, { amount: new Decimal('2000000'), from: 'cash', to: 'auto' });
  // The auto wallet then holds investments, so money leaving it sells some first.
  expect(await auto.runFor(investor.id)).toBe('invest');
});
afterAll(() => testApp.close());

/** A POST of the investor, with a fresh Idempotency-Key unless told otherwise (null: none). */
function send(url: string, payload: Record<string, unknown>, key: string | null = randomUUID()) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(investor.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

const swap = (from: string, to: string, amount: string) => send('/api/user/transaction/swap', { amount, from, to });
const contribute = (name: string, amount: string) =>
  send('/api/user/savings-accounts/credit', {
    savings_account_id: products.get(name),
    method: 'contribution',
    amount,
  });

/** The mix of one round: request `index` of it. */
function request(index: number) {
  switch (index % 9) {
    case 0:
      return swap('cash', 'auto', '300.00');
    case 1:
      return swap('auto', 'cash', '700.00');
    case 2:
      return swap('auto', 'brokerage', '500.00');
    case 3:
      return send('/api/user/transaction/withdraw', { amount: '25.00', payment_method_id: paymentMethodId });
    case 4:
      return send('/api/user/position/store', { asset_id: appleId, quantity: '0.5', wallet: 'brokerage' });
    case 5:
      return contribute(index % 2 ? 'Cash Management Account' : 'Rollover IRA', '1000.00');
    case 6:
      return swap('brokerage', 'auto', '400.00');
    case 7:
      return contribute('ROTH IRA', '1000.00');
    default:
      return swap('cash', 'brokerage', '200.00');
  }
}

describe('concurrent money requests of one investor', () => {
  it('take their locks in one order: each in one transaction, with nothing run again, none deadlocks', async () => {
    const db = testApp.database.db;
    const users = createUsersRepository(db);
    const clock = { now: () => new Date() };
    const trading = createTradingService({ db, clock, users });
    const savings = createSavingsService({ db, clock, users });
    const { id: positionId } = await trading.buy(investor.id, { assetId: appleId, quantity: new Decimal('100') });
    const amount = (value: string) => new Decimal(value);
    const operations: (() => Promise<unknown>)[] = [
      () => wallet.swap(investor.id, { amount: amount('700'), from: 'auto', to: 'cash' }),
      () => wallet.swap(investor.id, { amount: amount('300'), from: 'cash', to: 'auto' }),
      () => wallet.swap(investor.id, { amount: amount('500'), from: 'auto', to: 'brokerage' }),
      () => wallet.swap(investor.id, { amount: amount('400'), from: 'brokerage', to: 'auto' }),
      () => trading.buy(investor.id, { assetId: appleId, quantity: amount('0.5') }),
      () => trading.close(investor.id, positionId, amount('0.01')),
      () => wallet.requestWithdrawal(investor.id, { amount: amount('25'), paymentMethodId }, () => ({ strong: false })),
      () => savings.contribute(investor.id, products.get('Cash Management Account') ?? 0, amount('1000')),
    ];
    const unexpected: unknown[] = [];
    for (let round = 0; round < 4; round += 1) {
      const batch = Array.from({ length: 4 }, () => operations).flat();
      const results = await Promise.allSettled(batch.map((operation) => transaction(db, operation)));
      // A refusal (an AppError: short of money, over a limit) is a response; anything else is not.
      for (const result of results)
        if (result.status === 'rejected' && !(result.reason instanceof AppError)) unexpected.push(result.reason);
    }
    expect(unexpected).toEqual([]);
    expect(await ledgerProblems(db)).toEqual([]);
  }, 60_000);

  it('10 rounds of 50 mixed requests: no answer is 5xx and the ledger stays whole', async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => request(index + round)));
      for (const response of responses) {
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) failures.push(response.body);
      }
    }
    expect(failures).toEqual([]);
    // With one lock order nothing deadlocks, so no request runs out of goes and gets 409.
    expect(statuses.get(409) ?? 0).toBe(0);
    // The mix did move money: most requests succeeded.
    expect([...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(
      400,
    );
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  }, 60_000);
});

/**
 * PostgreSQL breaks off the next `times` statements that write a transfer commented 'conflict', as it
 * breaks off a deadlock's victim (40P01) or a serialization failure (40001).
 */
async function breakOff(code: '40P01' | '40001', times: number) {
  const client = testApp.database.db.$client;
  await client.query('create sequence if not exists conflict_runs');
  await client.query("select setval('conflict_runs', 1, false)");
  await client.query(`
    create or replace function break_off_conflict() returns trigger language plpgsql as $$
    begin
      if nextval('conflict_runs') <= ${times} then raise exception 'broken off' using errcode = '${code}'; end if;
      return new;
    end $$`);
  await client.query(`
    create or replace trigger break_off_conflict before insert on transactions
    for each row when (new.comment = 'conflict') execute function break_off_conflict()`);
}
const runs = async () =>
  Number(
    (await testApp.database.db.$client.query<{ runs: string }>('select last_value as runs from conflict_runs')).rows[0]
      ?.runs,
  );
const conflictSwaps = async () =>
  Number(
    (
      await testApp.database.db.$client.query<{ count: string }>(
        "select count(*) from transactions where user_id = $1 and comment = 'conflict'",
        [investor.id],
      )
    ).rows[0]?.count,
  );
const transfer = (key: string | null) =>
  send('/api/user/transaction/swap', { amount: '10.00', from: 'cash', to: 'brokerage', comment: 'conflict' }, key);

describe('a transaction PostgreSQL breaks off', () => {
  afterEach(async () => {
    await testApp.database.db.$client.query('drop trigger if exists break_off_conflict on transactions');
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  });

  it('runs again, whole, when it carries an Idempotency-Key: the transfer is made once', async () => {
    const before = await conflictSwaps();
    await breakOff('40P01', 2);
    const key = randomUUID();
    const response = await transfer(key);
    expect(response.statusCode, response.body).toBe(201);
    expect(await runs()).toBe(3);
    expect(await conflictSwaps()).toBe(before + 1);
    const again = await transfer(key);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await conflictSwaps()).toBe(before + 1);
  });

  it('answers 409, never 500, when running again does not help, and keeps nothing of it', async () => {
    const before = await conflictSwaps();
    await breakOff('40001', 100);
    const key = randomUUID();
    const response = await transfer(key);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(errorMessages.conflict);
    expect(await runs()).toBe(3);
    const withoutKey = await transfer(null);
    expect(withoutKey.statusCode).toBe(409);
    expect(withoutKey.json().message).toBe(errorMessages.conflict);
    expect(await conflictSwaps()).toBe(before);
    // The key stored nothing: the client's retry with it goes through.
    await testApp.database.db.$client.query('drop trigger break_off_conflict on transactions');
    expect((await transfer(key)).statusCode).toBe(201);
    expect(await conflictSwaps()).toBe(before + 1);
  });
});

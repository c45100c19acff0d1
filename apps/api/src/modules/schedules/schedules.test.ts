import { scheduleRefusals } from '@itrust/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestClock, type TestApp } from '../../../test/app.ts';
import { createJobTestApp } from '../../../test/job-app.ts';
import { bearer, fundedInvestor, listedStock, type SignedUpUser } from '../../../test/fixtures.ts';
import { checkBooksAfterEach } from '../../../test/ledger.ts';
import { walletServiceFor, type WalletService } from '../ledger/wallet.service.ts';
import { createTradingService } from '../trading/trading.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createScheduleRuns } from './schedule-runs.ts';

// Monday 30 November 2026, 08:00 UTC: a weekly plan started today runs at 10:00 in its time zone.
const clock = createTestClock(new Date('2026-11-30T08:00:00Z'));
const hour = 60 * 60 * 1000;
let testApp: TestApp;
let wallet: WalletService;
let assetId: number;
let assets = 0;
let secondPool: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ testApp, wallet, secondPool, close } = await createJobTestApp({ DEPOSIT_BANK_MIN: '1' }, clock));
});
// Each test buys a stock of its own at 100, so that plans of other tests never share it.
beforeEach(async () => {
  assetId = await listedStock(testApp.database.db, `RB${(assets += 1)}`);
});
checkBooksAfterEach(() => testApp.database.db);
afterAll(() => close());

/** The scheduler as a process runs it, on `db` (the app's pool or the second one). */
const scheduler = (db: Database = testApp.database.db) => {
  const users = createUsersRepository(db);
  const trading = createTradingService({ db, clock, users });
  const wallets = walletServiceFor(db, clock, users, testApp.config.limits);
  return createScheduleRuns({ db, clock, trading, wallet: wallets, mail: testApp.dependencies.mail });
};
const investor = (funds: string) => fundedInvestor(testApp, wallet, funds, 'brokerage');
let keys = 0;
const send = (user: SignedUpUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: { ...bearer(user.token), 'idempotency-key': `plan-key-${(keys += 1)}` },
    ...(payload ? { payload } : {}),
  });
const weeklyBuy = (user: SignedUpUser, amount = '50', extra: object = {}) =>
  send(user, 'POST', '/api/user/schedules', {
    kind: 'buy',
    asset_id: assetId,
    amount,
    frequency: 'weekly',
    start_on: '2026-11-30',
    time_zone: 'Europe/Paris',
    ...extra,
  });
const runsOf = async (scheduleId: string) =>
  (
    await testApp.database.db.$client.query(
      'select slot::text, outcome::text, reason::text from schedule_runs where schedule_id = $1 order by slot',
      [scheduleId],
    )
  ).rows;
const positionsOf = async (user: SignedUpUser) =>
  (
    await testApp.database.db.$client.query(
      'select quantity::text, cost::text from positions where user_id = $1 and asset_id = $2',
      [user.id, assetId],
    )
  ).rows;
/** Moves the clock to `at`; the clock is shared, so each test sets its own time. */
const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());

describe('recurring plans through the API', () => {
  it('starts a weekly buy whose first run is at 10:00 in its time zone, and refuses bad input', async () => {
    at('2026-11-30T08:00:00Z');
    const user = await investor('500');
    const created = await weeklyBuy(user);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.schedule).toMatchObject({
      kind: 'buy',
      amount: '50.00',
      frequency: 'weekly',
      status: 'active',
      next_run_at: '2026-11-30T09:00:00.000Z',
      runs: [],
    });
    for (const [extra, field, message] of [
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', scheduleRefusals.timeZone],
      [{ start_on: '2026-11-29' }, 'start_on', scheduleRefusals.startInPast],
      [{ asset_id: 999999 }, 'asset_id', scheduleRefusals.assetRequired],
      [{ amount: '-5' }, 'amount', undefined],
    ] as const) {
      const refused = await weeklyBuy(user, '50', extra);
      expect(refused.statusCode, JSON.stringify(extra)).toBe(422);
      if (message) expect(refused.json().errors[field]).toEqual([message]);
    }
    const sameWallet = await send(user, 'POST', '/api/user/schedules', {
      kind: 'transfer',
      from: 'cash',
      to: 'cash',
      amount: '10',
      frequency: 'monthly',
      start_on: '2026-12-01',
      time_zone: 'UTC',
    });
    expect(sameWallet.json().errors.to).toEqual([scheduleRefusals.sameWallet]);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/user/schedules', headers: bearer(user.token) });
    expect(list.json().data.schedules).toHaveLength(1);
  });

  it("pauses, resumes from the next slot ahead, and deletes; another user's plan is not found", async () => {
    at('2026-11-30T08:00:00Z');
    const [user, other] = await Promise.all([investor('500'), investor('500')]);
    const { id } = (await weeklyBuy(user)).json().data.schedule;
    const paused = await send(user, 'PATCH', `/api/user/schedules/${id}`, { paused: true });
    expect(paused.json().data.schedule).toMatchObject({ status: 'paused', next_run_at: null });
    at('2026-11-30T12:00:00Z');
    const resumed = await send(user, 'PATCH', `/api/user/schedules/${id}`, { paused: false, amount: '75' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.schedule).toMatchObject({
      status: 'active',
      amount: '75.00',
      next_run_at: '2026-12-07T09:00:00.000Z',
    });
    expect((await send(other, 'PATCH', `/api/user/schedules/${id}`, { paused: true })).statusCode).toBe(404);
    expect((await send(other, 'DELETE', `/api/user/schedules/${id}`)).statusCode).toBe(404);
    expect((await send(user, 'DELETE', `/api/user/schedules/${id}`)).statusCode).toBe(200);
    expect((await send(user, 'DELETE', `/api/user/schedules/${id}`)).statusCode).toBe(404);
  });
});

describe('running the slots', () => {
  it('runs each slot once, with two processes at once, and buys the amount at the price', async () => {
    at('2026-11-30T08:00:00Z');
    const users = await Promise.all(Array.from({ length: 5 }, () => investor('500')));
    const ids = await Promise.all(users.map(async (user) => (await weeklyBuy(user)).json().data.schedule.id as string));
    expect(await scheduler().runDue()).toEqual([]);
    at('2026-11-30T09:00:00Z');
    const [first, second] = await Promise.all([scheduler().runDue(), scheduler(secondPool).runDue()]);
    expect([...first, ...second].filter((ran) => ids.includes(ran.scheduleId))).toHaveLength(5);
    for (const [index, user] of users.entries()) {
      expect(await runsOf(ids[index] ?? '')).toEqual([{ slot: '2026-11-30', outcome: 'done', reason: null }]);
      expect(await positionsOf(user)).toEqual([{ quantity: '0.50000000', cost: '50.00' }]);
      expect((await wallet.wallets(user.id)).brokerage).toMatchObject({ balance: '450.00' });
    }
    expect(await scheduler().runDue()).toEqual([]);
    const [plan] = (
      await testApp.app.inject({ method: 'GET', url: '/api/user/schedules', headers: bearer(users[0]?.token ?? '') })
    ).json().data.schedules;
    expect(plan.next_run_at).toBe('2026-12-07T09:00:00.000Z');
  });

  it('skips a run without the money, says why, and writes nothing else', async () => {
    at('2026-11-30T08:00:00Z');
    const user = await investor('30');
    const { id } = (await weeklyBuy(user)).json().data.schedule;
    at('2026-11-30T09:30:00Z');
    expect(await scheduler().runDue()).toMatchObject([{ outcome: 'skipped', reason: 'insufficient_funds' }]);
    expect(await runsOf(id)).toEqual([{ slot: '2026-11-30', outcome: 'skipped', reason: 'insufficient_funds' }]);
    expect(await positionsOf(user)).toEqual([]);
    expect((await wallet.wallets(user.id)).brokerage).toMatchObject({ balance: '30.00', held: '0.00' });
    const mail = await testApp.outbox.waitFor(user.email, 'did not run');
    expect(mail.text).toContain('There was not enough money in the wallet'.toLowerCase());
  });

  it('after a restart, runs a slot less than a day late once, and skips older ones as missed', async () => {
    at('2026-11-30T08:00:00Z');
    const user = await investor('500');
    const { id } = (
      await send(user, 'POST', '/api/user/schedules', {
        kind: 'transfer',
        from: 'brokerage',
        to: 'cash',
        amount: '20',
        frequency: 'daily',
        start_on: '2026-11-30',
        time_zone: 'UTC',
      })
    ).json().data.schedule;
    // Down from before the first slot until the third day, 09:00: the first slot is over a day late.
    at('2026-12-02T09:00:00Z');
    await Promise.all([scheduler().runDue(), scheduler(secondPool).runDue()]);
    expect(await runsOf(id)).toEqual([
      { slot: '2026-11-30', outcome: 'skipped', reason: 'missed' },
      { slot: '2026-12-01', outcome: 'done', reason: null },
    ]);
    // A process started again finds nothing left to run.
    expect(await scheduler(secondPool).runDue()).toEqual([]);
    expect(await wallet.wallets(user.id)).toMatchObject({
      brokerage: { balance: '480.00' },
      cash: { balance: '20.00' },
    });
    clock.advance(hour);
    expect(await scheduler().runDue()).toMatchObject([{ scheduleId: id, slot: '2026-12-02', outcome: 'done' }]);
  });
});

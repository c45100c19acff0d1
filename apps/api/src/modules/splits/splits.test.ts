import { splitRefusals } from '@itrust/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor, listedStock, signedInOperator, signUp } from '../../../test/fixtures.ts';
import { checkBooksAfterEach } from '../../../test/ledger.ts';
import { dataQueries, parameterised, tablesScanned, watchQueries } from '../../../test/query-log.ts';
import { createAuditRepository } from '../admin/audit.repository.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createSplits } from './splits.service.ts';

// Friday 27 November 2026: the first date a split may take effect is Saturday 28 November.
const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
let testApp: TestApp;
let operator: string;
let keys = 0;

beforeAll(async () => {
  testApp = await createTestApp(
    { DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '1000000', TEST_HOOKS: 'on' },
    { clock },
  );
  operator = await signedInOperator(testApp);
  await listedStock(testApp.database.db, 'SPLT');
  await testApp.database.db.$client.query(
    `insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
     values ('COINX', 'Test Coin', 'crypto', '2020-01-01', 0.6, 1000000, 10)`,
  );
});
checkBooksAfterEach(() => testApp.database.db);
afterAll(async () => {
  await testApp.close();
});

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object, key = `split-key-${(keys += 1)}`) =>
  testApp.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const splitCount = async () =>
  Number((await testApp.database.db.$client.query('select count(*) from splits')).rows[0]?.count);

describe('the operator console’s splits', () => {
  it('refuses bad input with a clear message and writes nothing', async () => {
    const refusals: [object, string, string][] = [
      [{ to: 1, from: 1 }, 'ratio', splitRefusals.sameRatio],
      [{ to: 0, from: 1 }, 'to', splitRefusals.ratio],
      [{ to: 3, from: -1 }, 'from', splitRefusals.ratio],
      [{ to: 1.5, from: 1 }, 'to', splitRefusals.ratio],
      [{ to: 5000, from: 1 }, 'ratio', splitRefusals.ratio],
      [{ effective_on: '2026-11-27' }, 'effective_on', splitRefusals.pastDate],
      [{ effective_on: '2026-11-01' }, 'effective_on', splitRefusals.pastDate],
      [{ effective_on: '30/11/2026' }, 'effective_on', splitRefusals.date],
      [{ symbol: 'COINX' }, 'symbol', splitRefusals.crypto],
    ];
    for (const [change, field, message] of refusals) {
      const refused = await send(operator, 'POST', '/api/admin/splits', {
        symbol: 'SPLT',
        to: 3,
        from: 1,
        effective_on: '2026-11-30',
        ...change,
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(422);
      expect(refused.json().errors[field], JSON.stringify(change)).toEqual([message]);
    }
    const unknown = await send(operator, 'POST', '/api/admin/splits', {
      symbol: 'NOPE',
      to: 3,
      from: 1,
      effective_on: '2026-11-30',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await splitCount()).toBe(0);
  });

  it('refuses a split when prices come from a real market data feed, whose next price would undo it', async () => {
    const splits = createSplits({
      db: testApp.database.db,
      clock,
      audit: createAuditRepository(),
      simulatedMarket: false,
    });
    const input = { symbol: 'SPLT', to: 3, from: 1, effectiveOn: '2026-11-30' };
    await expect(splits.schedule({ id: crypto.randomUUID(), clientAddress: '127.0.0.1' }, input)).rejects.toThrow(
      splitRefusals.realMarket,
    );
    expect(await splitCount()).toBe(0);
  });

  it('schedules once per key, lists, cancels with an audit entry, and refuses investors', async () => {
    const body = { symbol: 'splt', to: 1, from: 10, effective_on: '2026-12-01' };
    const first = await send(operator, 'POST', '/api/admin/splits', body, 'split-once-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(operator, 'POST', '/api/admin/splits', body, 'split-once-1');
    expect(again.json()).toEqual(first.json());
    const split = first.json().data.split;
    expect(split).toMatchObject({ symbol: 'SPLT', to: 1, from: 10, effective_on: '2026-12-01', status: 'scheduled' });
    const clash = await send(operator, 'POST', '/api/admin/splits', { ...body, to: 2, from: 1 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(splitRefusals.alreadyScheduled);

    const listed = await send(operator, 'GET', '/api/admin/splits');
    expect(listed.json().data.splits).toEqual([split]);
    const shown = await testApp.app.inject({ method: 'GET', url: '/api/assets/SPLT/splits' });
    expect(shown.json().data.splits).toEqual([split]);

    const investor = await signUp(testApp, { verified: true });
    expect((await send(investor.token, 'POST', '/api/admin/splits', body)).statusCode).toBe(403);
    expect((await send(investor.token, 'POST', `/api/admin/splits/${split.id}/cancel`)).statusCode).toBe(403);

    const cancelled = await send(operator, 'POST', `/api/admin/splits/${split.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.split.status).toBe('cancelled');
    const twice = await send(operator, 'POST', `/api/admin/splits/${split.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(splitRefusals.notScheduled);
    const { rows } = await testApp.database.db.$client.query(
      `select action from audit_log where object_type = 'split' and object_id = $1 order by id`,
      [split.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['split.schedule', 'split.cancel']);
    // A cancelled split is not applied when its day comes.
    const ran = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/splits/run',
      payload: { at: '2026-12-01T01:00:00Z' },
    });
    expect(ran.json().data.applied).toBe(0);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/assets/SPLT/splits' })).json().data.splits).toEqual(
      [],
    );
  });
});

describe('a holder’s splits', () => {
  it('lists the splits of the stocks each investor holds, and those applied to them lately', async () => {
    const db = testApp.database.db;
    const wallet = walletServiceFor(db, clock, createUsersRepository(db), testApp.config.limits);
    const held = await listedStock(db, 'HELD');
    const others = await listedStock(db, 'OTHR');
    await listedStock(db, 'NONE');
    const holder = await fundedInvestor(testApp, wallet, '1000', 'brokerage');
    const other = await fundedInvestor(testApp, wallet, '1000', 'brokerage');
    for (const [investor, assetId] of [
      [holder, held],
      [other, others],
    ] as const) {
      const bought = await send(investor.token, 'POST', '/api/user/position/store', {
        asset_id: assetId,
        quantity: '2',
        wallet: 'brokerage',
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const scheduled: Record<string, string> = {};
    for (const symbol of ['HELD', 'OTHR', 'NONE']) {
      const body = { symbol, to: 3, from: 1, effective_on: '2026-12-02' };
      scheduled[symbol] = (await send(operator, 'POST', '/api/admin/splits', body)).json().data.split.id;
    }
    const splitsOf = async (token: string) =>
      ((await send(token, 'GET', '/api/user/splits')).json().data.splits as { id: string; status: string }[]).map(
        (split) => [split.id, split.status],
      );
    const watched = watchQueries(db);
    const { result, queries } = await watched.during(() => splitsOf(holder.token));
    expect(result).toEqual([[scheduled.HELD, 'scheduled']]);
    const statements = parameterised(dataQueries(queries).map((query) => query.text));
    expect(statements.some((text) => text.includes('position_splits'))).toBe(true);
    expect(await tablesScanned(db, statements)).toEqual([]);
    expect(await splitsOf(other.token)).toEqual([[scheduled.OTHR, 'scheduled']]);
    expect(await splitsOf((await signUp(testApp, { verified: true })).token)).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/user/splits' })).statusCode).toBe(401);

    const ran = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/splits/run',
      payload: { at: '2026-12-02T00:01:00Z' },
    });
    expect(ran.json().data.applied).toBe(3);
    expect(await splitsOf(holder.token)).toEqual([[scheduled.HELD, 'applied']]);

    // A month after it applied, the split is no longer news.
    clock.advance(Date.parse('2027-01-02T00:02:00Z') - clock.now().getTime());
    await db.$client.query('update access_tokens set expires_at = $2 where user_id = $1', [
      holder.id,
      new Date(clock.now().getTime() + 86_400_000),
    ]);
    expect(await splitsOf(holder.token)).toEqual([]);
  });
});

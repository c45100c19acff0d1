import type { AddressInfo } from 'node:net';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

let testApp: TestApp;
let baseUrl: string;
let busy: SignedUpUser;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  busy = await signUp(testApp, { verified: true });
  // 10,000 transfers through 2025, three at each time: the export's cursor must not skip ties.
  await testApp.database.db.$client.query(
    `insert into transactions (user_id, type, status, amount, currency, reference, swap_from, swap_to, created_at, decided_at)
     select $1, 'transfer', 'approved', g, 'USD', 'ITR-BULK' || g, 'cash', 'brokerage',
       timestamptz '2025-01-01' + (g / 3) * interval '5000 seconds', now()
     from generate_series(1, 10000) g`,
    [busy.id],
  );
});
afterAll(() => testApp.close());

const get = (user: SignedUpUser, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });

describe('history filters', () => {
  it('filter the wallet history by month and by day', async () => {
    const month = (await get(busy, '/api/user/transaction/fetch?filter[month]=2025-03&per_page=100')).json().data
      .transactions;
    const { rows } = await testApp.database.db.$client.query<{ count: number }>(
      `select count(*)::int from transactions where user_id = $1 and created_at >= '2025-03-01Z' and created_at < '2025-04-01Z'`,
      [busy.id],
    );
    expect(month.total).toBe(rows[0]?.count);
    expect(month.data.every((row: { created_at: string }) => row.created_at.startsWith('2025-03'))).toBe(true);
    const day = (await get(busy, '/api/user/transaction/fetch?filter[date]=2025-03-02&per_page=100')).json().data
      .transactions;
    expect(day.total).toBeGreaterThan(0);
    expect(day.data.every((row: { created_at: string }) => row.created_at.startsWith('2025-03-02'))).toBe(true);
    expect((await get(busy, '/api/user/transaction/fetch?filter[month]=2025-13')).statusCode).toBe(422);
    expect((await get(busy, '/api/user/transaction/fetch?filter[date]=2025-02-30')).statusCode).toBe(422);
  });
});

describe('CSV exports', () => {
  it('streams 10,000 transactions in batches, newest first, none skipped or repeated', async () => {
    const response = await fetch(`${baseUrl}/api/user/transaction/export`, { headers: bearer(busy.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="itrust-transactions.csv"');
    // Sent as it is read: no length known up front, and more than one piece on the wire.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? []) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Reference,Date,Type,Status,Amount,Currency,From,To,Method,Comment');
    expect(lines).toHaveLength(10_001);
    const references = new Set(lines.slice(1).map((line) => line.split(',')[0]));
    expect(references.size).toBe(10_000);
    // The newest second holds transfers 9,999 and 10,000 (ties are ordered by id).
    expect(lines[1]).toMatch(
      /^ITR-BULK(9999|10000),2025-07-12T21:10:00\.000Z,Transfer,Completed,(9999|10000)\.00,USD,cash,brokerage,,$/,
    );
    const dates = lines.slice(1).map((line) => line.split(',')[1] ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('exports only the chosen month, and text that looks like a formula cannot run', async () => {
    const user = await signUp(testApp, { verified: true });
    const wallet = walletServiceFor(
      testApp.database.db,
      { now: () => new Date() },
      createUsersRepository(testApp.database.db),
      testApp.config.limits,
    );
    await wallet.requestDeposit(user.id, {
      amount: new Decimal('75'),
      mode: 'bank',
      comment: '=HYPERLINK("http://evil.example","click")',
    });
    const month = new Date().toISOString().slice(0, 7);
    const response = await get(user, `/api/user/transaction/export?filter[month]=${month}`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="itrust-transactions-${month}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(
      (await get(user, '/api/user/transaction/export?filter[month]=2020-01')).body.trimEnd().split('\r\n'),
    ).toHaveLength(1);
  });

  it('exports trades and savings history with their headers', async () => {
    const user = await signUp(testApp, { verified: true });
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
    const trades = await get(user, '/api/user/position/history/export');
    expect(trades.statusCode).toBe(200);
    expect(trades.body).toBe(
      'Date,Side,Asset,Symbol,Asset type,Quantity,Price (USD),Amount,P/L,P/L %,Position status,Reason,Wallet\r\n',
    );
    const savings = await get(user, '/api/user/savings-accounts/history/export');
    expect(savings.body).toBe('Date,Account,Method,Amount\r\n');
    const stranger = await testApp.app.inject({ method: 'GET', url: '/api/user/transaction/export' });
    expect(stranger.statusCode).toBe(401);
  });

  it("writes each trade's price with its own decimals, not the stored ten", async () => {
    const user = await signUp(testApp, { verified: true });
    const db = testApp.database.db.$client;
    await db.query("update users set kyc = 'approved' where id = $1", [user.id]);
    const wallet = walletServiceFor(
      testApp.database.db,
      { now: () => new Date() },
      createUsersRepository(testApp.database.db),
      testApp.config.limits,
    );
    const deposit = await wallet.requestDeposit(user.id, { amount: new Decimal('5000'), mode: 'bank' });
    await wallet.approve(deposit.id);
    await wallet.swap(user.id, { amount: new Decimal('5000'), from: 'cash', to: 'brokerage' });
    await db.query(`
      with listed as (insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
        values ('CSVA', 'Csv Big', 'stocks', '2020-01-01', 0.3, 1000000, 3334.13),
               ('CSVB', 'Csv Small', 'crypto', '2020-01-01', 0.3, 1000000, 0.000019) returning id, reference_price)
      insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
      select id, reference_price, reference_price, reference_price, reference_price, reference_price, 0, 1000, 1000000,
        current_date, now() from listed`);
    const { rows } = await db.query<{ id: number; symbol: string }>(
      "select id, symbol from assets where symbol in ('CSVA', 'CSVB')",
    );
    for (const [symbol, quantity] of [
      ['CSVA', '1'],
      ['CSVB', '1000'],
    ] as const) {
      const bought = await testApp.app.inject({
        method: 'POST',
        url: '/api/user/position/store',
        headers: bearer(user.token),
        payload: { asset_id: rows.find((row) => row.symbol === symbol)?.id, quantity, wallet: 'brokerage' },
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const lines = (await get(user, '/api/user/position/history/export')).body.trimEnd().split('\r\n');
    const prices = Object.fromEntries(lines.slice(1).map((line) => [line.split(',')[3], line.split(',')[6]]));
    expect(prices).toEqual({ CSVA: '3334.13', CSVB: '0.000019' });
  });
});

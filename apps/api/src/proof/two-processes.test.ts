import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { londonPlacesIn, registrationBody } from '../../test/fixtures.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { createOutboxReader } from '../../test/outbox.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

// Two API processes on one database, as behind a load balancer: requests alternate between them,
// and every ledger rule must hold as it does with one; price ticks reach stream clients of both.

let database: TestDatabase;
let dataDir: string;
const servers: ServerProcess[] = [];

// One outbox for both: whichever process runs a mail job writes the message there.
const startServer = (name: string) =>
  startServerProcess(database.url, path.join(dataDir, name), {
    MARKET_TICK_SECONDS: '1',
    MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
  });

const db = () => database.db;
let token: string;
let userId: string;
let email: string;
let password: string;
let wallet: ReturnType<typeof walletServiceFor>;

async function call(
  server: ServerProcess,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}/api${route}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}
const either = (index: number) => servers[index % 2] as ServerProcess;

/** Waits until the load has answered enough requests, or 10 s, after which the checks say what was missing. */
async function until(enough: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!enough() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-two-'));
  // One after the other: each start applies migrations and seeds only what is missing.
  servers.push(await startServer('first'));
  servers.push(await startServer('second'));

  const places = await londonPlacesIn(db());
  const registration = registrationBody(places);
  ({ email, password } = registration);
  const registered = await fetch(`${either(0).url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(registration),
  });
  const response = (await registered.json()) as { data: { token: string; user: { id: string } } };
  token = response.data.token;
  userId = response.data.user.id;
  await db().$client.query("update users set email_verified_at = now(), kyc = 'approved' where id = $1", [userId]);
  wallet = walletServiceFor(db(), { now: () => new Date() }, createUsersRepository(db()), {
    cryptoDeposit: [1, 1_000_000],
    bankDeposit: [1, 1_000_000],
    withdrawal: [1, 1_000_000],
  });
  const deposit = await wallet.requestDeposit(userId, { amount: new Decimal('1000'), mode: 'bank' });
  await wallet.approve(deposit.id);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two API processes on one database', () => {
  it('cannot overdraw with 60 parallel transfers split between them', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        call(either(index), 'POST', '/user/transaction/swap', { amount: '50', from: 'cash', to: 'brokerage' }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    expect(await ledgerProblems(db())).toEqual([]);
  });

  it('turns one Idempotency-Key sent to both into one deposit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(
          either(index),
          'POST',
          '/user/transaction/deposit',
          { amount: '75', mode: 'bank' },
          {
            'idempotency-key': 'two-processes-0001',
          },
        ),
      ),
    );
    expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    const { rows } = await db().$client.query(
      "select count(*)::int as n from transactions where user_id = $1 and type = 'credit' and amount = 75",
      [userId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('holds no more than the cash for parallel withdrawals split between them', async () => {
    // Adding a destination needs a step-up: the code is asked through one process and given to the other.
    expect((await call(either(0), 'POST', '/user/security/step-up/code')).status).toBe(200);
    const code = await createOutboxReader(path.join(dataDir, 'outbox')).code(email, 'confirmation code');
    expect((await call(either(1), 'POST', '/user/security/step-up', { code })).status).toBe(200);
    const method = await call(either(0), 'POST', '/user/payment-method', {
      type: 'bank',
      account_number: '12345678',
      account_name: 'Two Processes',
      bank_name: 'Bank',
      routing_number: '00-00-00',
      bank_address: '1 Street',
    });
    const paymentMethodId = (method.body.data?.['payment_method'] as { id: string }).id;
    // As one added a day ago: a newer one takes a strong second step, which this investor has not set up.
    await db().$client.query(
      "update payment_methods set created_at = created_at - interval '1 day', usable_at = usable_at - interval '1 day' where id = $1",
      [paymentMethodId],
    );
    const topUp = await wallet.requestDeposit(userId, { amount: new Decimal('500'), mode: 'bank' });
    await wallet.approve(topUp.id);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(either(index), 'POST', '/user/transaction/withdraw', {
          amount: '100',
          payment_method_id: paymentMethodId,
        }),
      ),
    );
    // 500 in cash: five withdrawals of 100 can be held, no more.
    expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
    expect((await wallet.wallets(userId)).cash).toMatchObject({ balance: '500.00', held: '500.00' });
    expect(await ledgerProblems(db())).toEqual([]);
  });

  it('refuses a token in one process as soon as the other has signed it out, while it reads tokens for others', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const signedIn = await fetch(`${first.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ login: email, password }),
    });
    const session = ((await signedIn.json()) as { data: { token: string } }).data.token;
    const asSession = { authorization: `Bearer ${session}` };
    let signedOut = false;
    let stop = false;
    const results: { sentAfterSignOut: boolean; status: number }[] = [];
    // Eight requests at a time keep the second process's token reads on their way.
    const load = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const sentAfterSignOut = signedOut;
        const { status } = await call(second, 'GET', '/user', undefined, asSession);
        results.push({ sentAfterSignOut, status });
      }
    });
    await until(() => results.filter((result) => result.status === 200).length > 16);
    const signOut = await call(first, 'POST', '/user/logout', undefined, asSession);
    expect(signOut.status).toBe(200);
    signedOut = true;
    await until(() => results.filter((result) => result.sentAfterSignOut).length > 16);
    stop = true;
    await Promise.all(load);

    const before = results.filter((result) => !result.sentAfterSignOut);
    const after = results.filter((result) => result.sentAfterSignOut);
    expect(before.filter((result) => result.status === 200).length).toBeGreaterThan(8);
    expect(after.length).toBeGreaterThan(8);
    expect(after.filter((result) => result.status !== 401)).toEqual([]);
    // The other session of the same investor goes on.
    expect((await call(second, 'GET', '/user')).status).toBe(200);
  });

  it('refuses a session in both processes as soon as the owner has signed it out from another', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const signedIn = await call(first, 'POST', '/user/login', { login: email, password });
    const asSession = { authorization: `Bearer ${(signedIn.body.data as { token: string }).token}` };
    const { body } = await call(second, 'GET', '/user/security/sessions');
    const other = (body.data?.['sessions'] as { id: string; current: boolean }[]).filter((one) => !one.current);
    let signedOut = false;
    let stop = false;
    const results: { sentAfterSignOut: boolean; status: number }[] = [];
    const load = Array.from({ length: 8 }, async (_, index) => {
      while (!stop) {
        const sentAfterSignOut = signedOut;
        const { status } = await call(either(index), 'GET', '/user', undefined, asSession);
        results.push({ sentAfterSignOut, status });
      }
    });
    await until(() => results.filter((result) => result.status === 200).length > 16);
    for (const { id } of other) expect((await call(first, 'DELETE', `/user/security/sessions/${id}`)).status).toBe(200);
    signedOut = true;
    await until(() => results.filter((result) => result.sentAfterSignOut).length > 16);
    stop = true;
    await Promise.all(load);
    const after = results.filter((result) => result.sentAfterSignOut);
    expect(results.filter((result) => !result.sentAfterSignOut && result.status === 200).length).toBeGreaterThan(8);
    expect(after.length).toBeGreaterThan(8);
    expect(after.filter((result) => result.status !== 401)).toEqual([]);
    expect((await call(second, 'GET', '/user')).status).toBe(200);
  });

  it('shows a swap made through one in the other’s user include at once', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const brokerage = async () =>
      (
        (await call(second, 'GET', '/user?include=wallet')).body.data?.['user'] as {
          wallet: { brokerage: { balance: string } };
        }
      ).wallet.brokerage.balance;
    const before = await brokerage();
    expect(await brokerage()).toBe(before);
    const swapped = await call(first, 'POST', '/user/transaction/swap', { amount: '1', from: 'brokerage', to: 'cash' });
    expect(swapped.status).toBe(201);
    expect(await brokerage()).not.toBe(before);
  });

  it('sends price ticks to stream clients of both processes', async () => {
    const firstQuote = async (server: ServerProcess) => {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/stream/quotes?symbols=AAPL`, { signal: controller.signal });
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const deadline = Date.now() + 20_000;
      while (reader && Date.now() < deadline && !/event: quote/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      controller.abort();
      return /event: quote\ndata: (.*)\n/.exec(text)?.[1];
    };
    const [first, second] = await Promise.all(servers.map(firstQuote));
    expect(JSON.parse(first ?? '{}')).toMatchObject({ symbol: 'AAPL' });
    expect(JSON.parse(second ?? '{}')).toMatchObject({ symbol: 'AAPL' });
  }, 30_000);
  it('fills each resting order once, placed through both and filled by whichever process ticks', async () => {
    const { rows: quote } = await db().$client.query<{ id: number; price: string }>(
      "select a.id, q.price::text from assets a join asset_quotes q on q.asset_id = a.id where a.symbol = 'MSFT'",
    );
    const asset = quote[0];
    if (!asset) throw new Error('no MSFT');
    // Far above the price: each order is marketable and fills at the next tick's price.
    const limit = (Number(asset.price) * 2).toFixed(2);
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(either(index), 'POST', '/user/orders', {
          asset_id: asset.id,
          side: 'buy',
          type: 'limit',
          amount: '10',
          limit_price: limit,
          time_in_force: 'gtc',
        }),
      ),
    );
    expect(placed.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const ids = placed.map((response) => (response.body.data?.['order'] as { id: string }).id);
    const filled = async () =>
      (
        await db().$client.query<{ filled: number; positions: number; trades: number }>(
          `select count(*) filter (where o.status = 'filled')::int as filled, count(distinct o.position_id)::int as positions,
             (select count(*)::int from trades t where t.position_id in (select position_id from orders where id = any($1))) as trades
           from orders o where o.id = any($1)`,
          [ids],
        )
      ).rows[0];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (await filled())?.filled !== 20) await new Promise((done) => setTimeout(done, 250));
    expect(await filled()).toEqual({ filled: 20, positions: 20, trades: 20 });
    expect(await ledgerProblems(db())).toEqual([]);
  }, 45_000);
});

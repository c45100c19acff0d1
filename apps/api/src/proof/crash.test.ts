import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { londonPlacesIn, registrationBody } from '../../test/fixtures.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { createPaymentMethods, newDestinationWaitMs } from '../modules/ledger/payment-methods.service.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/**
 * Crash: a load driver sends transfers, deposits, withdrawals, cancels, buys and closes, each with
 * an Idempotency-Key and retried until it gets a definite response, while the API is killed with
 * SIGKILL and restarted, and then PostgreSQL is. Afterwards the books must be whole and every
 * request that got a response present exactly once.
 */
const apiKills = 10;
const databaseKills = 3;

let dataDir: string;
let postgres: EmbeddedPostgres;
let api: ServerProcess | undefined;
let db: Database;
const investors: { id: string; token: string; paymentMethodId: string }[] = [];
/** Operations that got a 2xx: what they were and the key they carried. */
const succeeded: { kind: string; key: string; id?: string }[] = [];
let sent = 0;
/** Requests that got a definite response. */
let answered = 0;
let stopping = false;

const url = () => api?.url ?? 'http://127.0.0.1:9';

async function startApi() {
  api = await startServerProcess(postgres.url, path.join(dataDir, 'api'), { MARKET_TICK_SECONDS: '2' });
}

/** One logical request: retried with the same key until the response is definite (2xx, or a 4xx other than 409). */
async function send(token: string, method: string, route: string, body: unknown) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    sent += 1;
    try {
      const response = await fetch(`${url()}/api${route}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      const envelope = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> };
      if (response.status < 300) {
        answered += 1;
        return { key, status: response.status, data: envelope.data ?? {} };
      }
      if (response.status < 500 && response.status !== 409 && response.status !== 401) {
        answered += 1;
        return { key, status: response.status, data: {} };
      }
    } catch {
      // The process is down or the connection broke: a real client waits and sends the same request again.
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
  throw new Error(`no definite response for ${method} ${route}`);
}

async function drive(investor: (typeof investors)[number]) {
  const open: string[] = [];
  const pending: string[] = [];
  while (!stopping) {
    const roll = Math.random();
    if (roll < 0.3) {
      const [from, to] = Math.random() < 0.5 ? ['cash', 'brokerage'] : ['brokerage', 'cash'];
      const result = await send(investor.token, 'POST', '/user/transaction/swap', { amount: '7.00', from, to });
      if (result.status === 201)
        succeeded.push({ kind: 'swap', key: result.key, id: (result.data['transaction'] as { id: string }).id });
    } else if (roll < 0.45) {
      const result = await send(investor.token, 'POST', '/user/transaction/deposit', { amount: '25.00', mode: 'bank' });
      if (result.status === 201) {
        const id = (result.data['transaction'] as { id: string }).id;
        succeeded.push({ kind: 'deposit', key: result.key, id });
        pending.push(id);
      }
    } else if (roll < 0.6) {
      const result = await send(investor.token, 'POST', '/user/transaction/withdraw', {
        amount: '5.00',
        payment_method_id: investor.paymentMethodId,
      });
      if (result.status === 201) {
        const id = (result.data['transaction'] as { id: string }).id;
        succeeded.push({ kind: 'withdrawal', key: result.key, id });
        pending.push(id);
      }
    } else if (roll < 0.7 && pending.length) {
      const id = pending.shift() ?? '';
      const result = await send(investor.token, 'POST', `/user/transaction/cancel/${id}`, {});
      if (result.status === 200) succeeded.push({ kind: 'cancel', key: result.key, id });
    } else if (roll < 0.85) {
      const result = await send(investor.token, 'POST', '/user/position/store', {
        asset_id: 1,
        quantity: '0.01',
        wallet: 'brokerage',
      });
      if (result.status === 201) {
        const id = (result.data['position'] as { id: string }).id;
        succeeded.push({ kind: 'buy', key: result.key, id });
        open.push(id);
      }
    } else if (open.length) {
      const id = open.shift() ?? '';
      const result = await send(investor.token, 'PUT', `/user/position/close/${id}`, {
        position_id: id,
        quantity: '0.01',
        wallet: 'brokerage',
      });
      if (result.status === 200) succeeded.push({ kind: 'close', key: result.key, id });
    }
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-crash-'));
  postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db'), database: 'itrust' });
  await startApi();
  db = createDatabase(postgres.url, 4);
  const wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), {
    cryptoDeposit: [1, 1_000_000],
    bankDeposit: [1, 1_000_000],
    withdrawal: [1, 1_000_000],
  });
  const destinations = createPaymentMethods(db, { now: () => new Date(Date.now() - newDestinationWaitMs) });
  const places = await londonPlacesIn(db);
  const signUp = async () => {
    const registered = await fetch(`${url()}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(registrationBody(places)),
    });
    const { data } = (await registered.json()) as { data: { token: string; user: { id: string } } };
    await db.$client.query("update users set email_verified_at = now(), kyc = 'approved' where id = $1", [
      data.user.id,
    ]);
    const deposit = await wallet.requestDeposit(data.user.id, { amount: new Decimal('2000'), mode: 'bank' });
    await wallet.approve(deposit.id);
    await wallet.swap(data.user.id, { amount: new Decimal('500'), from: 'cash', to: 'brokerage' });
    // Saved through the service a day ago, so withdrawals may go to it: the route's step-up has tests of its own.
    const saved = await destinations.savePaymentMethod(
      data.user.id,
      {
        type: 'bank',
        account_number: '12345678',
        account_name: 'Crash Tester',
        bank_name: 'Bank',
        routing_number: '00-00-00',
        bank_address: '1 Street',
      },
      false,
    );
    investors.push({ id: data.user.id, token: data.token, paymentMethodId: saved.id });
  };
  await Promise.all([signUp(), signUp(), signUp(), signUp()]);
}, 120_000);

afterAll(async () => {
  stopping = true;
  await api?.stop();
  await db.$client.end();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the API (just started) has answered `count` more requests, then a random moment
 * more: each kill lands while the drivers' requests are being served, not on an idle process.
 */
async function underLoad(count: number) {
  const target = answered + count;
  const deadline = Date.now() + 60_000;
  while (answered < target && Date.now() < deadline) await pause(10);
  await pause(Math.random() * 300);
}

it(`keeps the books whole through ${apiKills} API kills and ${databaseKills} database kills under load`, async () => {
  const drivers = investors.map((investor) => drive(investor));
  let apiCycles = 0;
  for (; apiCycles < apiKills; apiCycles += 1) {
    await underLoad(20);
    api?.child.kill('SIGKILL');
    await startApi();
  }
  let databaseCycles = 0;
  for (; databaseCycles < databaseKills; databaseCycles += 1) {
    await underLoad(20);
    process.kill(postgres.pid, 'SIGKILL');
    api?.child.kill('SIGKILL');
    await pause(500);
    postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db'), database: 'itrust' });
    await db.$client.end().catch(() => undefined);
    db = createDatabase(postgres.url, 4);
    await startApi();
  }
  await underLoad(20);
  stopping = true;
  await Promise.all(drivers);

  expect(await ledgerProblems(db)).toEqual([]);
  // Every request that got a response is there exactly once, and no key moved money twice.
  const transactionIds = succeeded.filter((entry) => ['swap', 'deposit', 'withdrawal'].includes(entry.kind));
  const { rows: found } = await db.$client.query<{ id: string }>('select id from transactions where id = any($1)', [
    transactionIds.map((entry) => entry.id),
  ]);
  expect(found).toHaveLength(transactionIds.length);
  const { rows: counts } = await db.$client.query<{ transactions: number; succeeded: number }>(
    `select (select count(*)::int from transactions t where t.user_id = any($1) and t.comment is null
               and t.type in ('transfer', 'credit', 'debit')) - 8 as transactions,
            (select count(*)::int from idempotency_keys k where k.user_id = any($1) and k.response_status in (200, 201)
               and k.response_body->'data' ? 'transaction' and k.response_body->>'message' <> 'Transaction cancelled') as succeeded`,
    [investors.map((investor) => investor.id)],
  );
  expect(counts[0]?.transactions).toBe(counts[0]?.succeeded);
  const buys = succeeded.filter((entry) => entry.kind === 'buy');
  const { rows: positions } = await db.$client.query<{ n: number }>(
    'select count(*)::int as n from positions where user_id = any($1)',
    [investors.map((investor) => investor.id)],
  );
  expect(positions[0]?.n).toBe(buys.length);
  console.info(
    `crash: ${apiCycles} API kills, ${databaseCycles} database kills, ${sent} requests sent, ${succeeded.length} with a 2xx`,
  );
}, 300_000);

import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { buildApp, type App } from '../app.ts';
import { walletServiceFor, type WalletService } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { authOf } from './auth.ts';
import { idempotent } from './idempotency.ts';

let testApp: TestApp;
let app: App;
let wallet: WalletService;
let user: SignedUpUser;
let failNext = true;

/**
 * A route that records a deposit and then, the first time, fails as a crash would: the key, the
 * deposit and the response must commit together, so the failure leaves nothing and the retry counts once.
 */
beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUp(testApp, { verified: true });
  app = await buildApp(testApp.dependencies);
  const db = testApp.dependencies.db;
  wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), testApp.config.limits);
  app.post('/api/user/test-deposit-then-fail', { config: { access: 'verified' } }, async (request, reply) => {
    const { userId } = authOf(request);
    return idempotent(db, request, reply, userId, async () => {
      const deposit = await wallet.requestDeposit(userId, { amount: new Decimal('1500'), mode: 'crypto', coin: 'btc' });
      if (failNext) {
        failNext = false;
        throw new Error('the process died here');
      }
      return { status: 201, body: { status: 'success', message: 'ok', data: { id: deposit.id } } };
    });
  });
  // The work of a duplicate during which the first request with its key commits (after the
  // duplicate looked the key up): the key is written here on another connection, as the first would.
  app.post('/api/user/test-key-taken-meanwhile', { config: { access: 'verified' } }, async (request, reply) => {
    const { userId } = authOf(request);
    return idempotent(db, request, reply, userId, async () => {
      await wallet.requestDeposit(userId, { amount: new Decimal('1500'), mode: 'crypto', coin: 'btc' });
      await db.$client.query(
        `insert into idempotency_keys (user_id, key, request_hash, response_status, response_body)
         values ($1, $2, 'the first request', 201, '{"first": true}')`,
        [userId, request.headers['idempotency-key']],
      );
      return { status: 201, body: { status: 'success', message: 'ok', data: {} } };
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testApp.close();
});

it('leaves neither the key nor the work behind when the work fails after writing, so the retry moves money once', async () => {
  const send = () =>
    app.inject({
      method: 'POST',
      url: '/api/user/test-deposit-then-fail',
      headers: { ...bearer(user.token), 'idempotency-key': 'crash-retry-0001' },
      payload: { amount: '1500' },
    });
  const count = async (table: string) =>
    (await testApp.database.db.$client.query(`select count(*)::int as n from ${table} where user_id = $1`, [user.id]))
      .rows[0]?.n;

  expect((await send()).statusCode).toBe(500);
  expect(await count('transactions')).toBe(0);
  expect(await count('idempotency_keys')).toBe(0);

  const retried = await send();
  expect(retried.statusCode).toBe(201);
  const again = await send();
  expect(again.statusCode).toBe(201);
  expect(again.headers['idempotent-replay']).toBe('true');
  expect(again.json().data.id).toBe(retried.json().data.id);
  expect(await count('transactions')).toBe(1);
});

it('undoes the work of a duplicate whose key the first request took while it ran, and says 409', async () => {
  const investor = await signUp(testApp, { verified: true });
  const sent = await app.inject({
    method: 'POST',
    url: '/api/user/test-key-taken-meanwhile',
    headers: { ...bearer(investor.token), 'idempotency-key': 'taken-meanwhile-0001' },
    payload: { amount: '1500' },
  });
  expect(sent.statusCode).toBe(409);
  expect(sent.json().message).toBe('A request with this Idempotency-Key is still being processed.');
  const { rows } = await testApp.database.db.$client.query(
    `select (select count(*)::int from transactions where user_id = $1) as transactions,
       (select response_body from idempotency_keys where user_id = $1) as kept`,
    [investor.id],
  );
  expect(rows[0]).toEqual({ transactions: 0, kept: { first: true } });
});

const swap = (token: string, key: string, amount: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/transaction/swap',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { amount, from: 'cash', to: 'brokerage' },
  });
const transfersOf = async (userId: string) =>
  (
    await testApp.database.db.$client.query(
      `select count(*)::int as n from transactions where user_id = $1 and type = 'transfer'`,
      [userId],
    )
  ).rows[0].n;

it('keeps a refusal: the retry hears it again, even once the money is there, and nothing moves', async () => {
  const investor = await signUp(testApp, { verified: true });
  const refused = await swap(investor.token, 'refused-swap-0001', '50');
  expect(refused.statusCode).toBe(422);
  const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('50000'), mode: 'bank' });
  await wallet.approve(deposit.id);

  const retried = await swap(investor.token, 'refused-swap-0001', '50');
  expect(retried.statusCode).toBe(422);
  expect(retried.headers['idempotent-replay']).toBe('true');
  expect(retried.json()).toEqual(refused.json());
  expect(await transfersOf(investor.id)).toBe(0);
  expect((await swap(investor.token, 'refused-swap-0002', '50')).statusCode).toBe(201);
});

it('takes a key used more than a day ago as new, with any body', async () => {
  const investor = await signUp(testApp, { verified: true });
  const deposit = await wallet.requestDeposit(investor.id, { amount: new Decimal('50000'), mode: 'bank' });
  await wallet.approve(deposit.id);
  expect((await swap(investor.token, 'reused-key-0001', '10')).statusCode).toBe(201);
  expect((await swap(investor.token, 'reused-key-0001', '20')).statusCode).toBe(422);

  await testApp.database.db.$client.query(
    `update idempotency_keys set created_at = now() - interval '25 hours' where user_id = $1`,
    [investor.id],
  );
  const again = await swap(investor.token, 'reused-key-0001', '20');
  expect(again.statusCode).toBe(201);
  expect(again.headers['idempotent-replay']).toBeUndefined();
  expect(await transfersOf(investor.id)).toBe(2);
  const replay = await swap(investor.token, 'reused-key-0001', '20');
  expect(replay.headers['idempotent-replay']).toBe('true');
  expect(replay.json()).toEqual(again.json());
});

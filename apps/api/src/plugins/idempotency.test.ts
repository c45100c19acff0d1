import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { buildApp, type App } from '../app.ts';
import { walletServiceFor } from '../modules/ledger/wallet.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { authOf } from './auth.ts';
import { idempotent } from './idempotency.ts';

let testApp: TestApp;
let app: App;
let user: SignedUpUser;
let failNext = true;

/**
 * A route that records a deposit and then, the first time, fails as a crash would: the key, the
 * deposit and the answer must commit together, so the failure leaves nothing and the retry counts once.
 */
beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUp(testApp, { verified: true });
  app = await buildApp(testApp.dependencies);
  const db = testApp.dependencies.db;
  const wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), testApp.config.limits);
  app.post('/api/user/test-deposit-then-fail', async (request, reply) => {
    const { userId } = authOf(request);
    return idempotent(db, request, reply, userId, async () => {
      const deposit = await wallet.requestDeposit(userId, { amount: new Decimal('1500'), mode: 'crypto', coin: 'btc' });
      if (failNext) {
        failNext = false;
        throw new Error('the process died here');
      }
      return { status: 201, body: { status: 'success', message: 'ok', data: { id: deposit?.id } } };
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

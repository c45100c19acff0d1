import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, savedDestination, signUp } from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

let testApp: TestApp;
let wallet: WalletService;
beforeAll(async () => {
  testApp = await createTestApp({ WITHDRAWAL_MIN: '0.01', DEPOSIT_CRYPTO_MIN: '1', DEPOSIT_BANK_MIN: '1' });
  const limit: [number, number] = [0.01, 1_000_000];
  wallet = createWalletService({
    db: testApp.database.db,
    clock: { now: () => new Date() },
    users: createUsersRepository(testApp.database.db),
    limits: { cryptoDeposit: limit, bankDeposit: limit, withdrawal: limit },
  });
});
afterAll(() => testApp.close());

type Kind = 'cash' | 'auto' | 'brokerage';
const kind = fc.constantFrom<Kind>('cash', 'auto', 'brokerage');
const cents = fc.integer({ min: 100, max: 60_000 });
const operation = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), cents }),
  fc.record({ op: fc.constant('approve' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('withdraw' as const), cents }),
  fc.record({ op: fc.constant('swap' as const), cents, from: kind, to: kind }),
);

it('agrees with an in-memory model of the balances after every step of random sequences', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 24 }), async (operations) => {
      const user = await signUp(testApp, { verified: true });
      await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
      const headers = bearer(user.token);
      const post = (url: string, payload: Record<string, unknown>) =>
        testApp.app.inject({ method: 'POST', url, headers, payload });
      const methodId = await savedDestination(testApp, user, {
        type: 'crypto',
        currency: 'eth',
        wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
      });

      const model = { cash: new Decimal(0), auto: new Decimal(0), brokerage: new Decimal(0), held: new Decimal(0) };
      const pending: { id: string; type: 'credit' | 'debit'; amount: Decimal }[] = [];
      const amountOf = (value: number) => new Decimal(value).dividedBy(100);

      for (const step of operations) {
        if (step.op === 'deposit') {
          const response = await post('/api/user/transaction/deposit', {
            amount: amountOf(step.cents).toFixed(2),
            mode: 'bank',
          });
          expect(response.statusCode).toBe(201);
          pending.push({ id: response.json().data.transaction.id, type: 'credit', amount: amountOf(step.cents) });
        } else if ((step.op === 'approve' || step.op === 'cancel') && pending.length > 0) {
          const [chosen] = pending.splice(step.pick % pending.length, 1);
          if (!chosen) continue;
          if (step.op === 'approve') await wallet.approve(chosen.id);
          else expect((await post(`/api/user/transaction/cancel/${chosen.id}`, {})).statusCode).toBe(200);
          if (chosen.type === 'debit') model.held = model.held.minus(chosen.amount);
          if (step.op === 'approve')
            model.cash = chosen.type === 'credit' ? model.cash.plus(chosen.amount) : model.cash.minus(chosen.amount);
        } else if (step.op === 'withdraw') {
          const amount = amountOf(step.cents);
          const response = await post('/api/user/transaction/withdraw', {
            amount: amount.toFixed(2),
            payment_method_id: methodId,
          });
          if (model.cash.minus(model.held).gte(amount)) {
            expect(response.statusCode, response.body).toBe(201);
            model.held = model.held.plus(amount);
            pending.push({ id: response.json().data.transaction.id, type: 'debit', amount });
          } else {
            expect(response.statusCode).toBe(422);
          }
        } else if (step.op === 'swap') {
          const amount = amountOf(step.cents);
          const response = await post('/api/user/transaction/swap', {
            amount: amount.toFixed(2),
            from: step.from,
            to: step.to,
          });
          const available = model[step.from].minus(step.from === 'cash' ? model.held : 0);
          if (step.from !== step.to && available.gte(amount)) {
            expect(response.statusCode, response.body).toBe(201);
            model[step.from] = model[step.from].minus(amount);
            model[step.to] = model[step.to].plus(amount);
          } else {
            expect(response.statusCode).toBe(422);
          }
        }
        const actual = (await testApp.app.inject({ method: 'GET', url: '/api/user?include=wallet', headers })).json()
          .data.user.wallet;
        expect({
          cash: actual.cash.balance,
          held: actual.cash.held,
          auto: actual.auto.balance,
          brokerage: actual.brokerage.balance,
        }).toEqual({
          cash: model.cash.toFixed(2),
          held: model.held.toFixed(2),
          auto: model.auto.toFixed(2),
          brokerage: model.brokerage.toFixed(2),
        });
      }
    }),
    { numRuns: 15 },
  );
  expect(await ledgerProblems(testApp.database.db)).toEqual([]);
}, 120_000);

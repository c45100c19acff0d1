import { positionOpenedResponse } from '@itrust/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, fundedInvestor } from '../../../test/fixtures.ts';
import { walletServiceFor } from '../ledger/wallet.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';

type Operation = { tags?: string[]; description?: string; responses?: Record<string, { content?: object }> };

let testApp: TestApp;
let operations: { name: string; operation: Operation }[];
beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' });
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${route}`, operation })),
  );
});
afterAll(() => testApp.close());

describe('the market and trading responses', () => {
  it('are declared in the OpenAPI document, each with its media type', () => {
    const ours = operations.filter(({ operation }) =>
      operation.tags?.some((tag) => tag === 'market' || tag === 'trading'),
    );
    expect(ours.map(({ name }) => name).sort()).toEqual([
      'delete /api/user/orders/{id}',
      'delete /api/user/watchlist/destroy/{id}',
      'get /api/assets',
      'get /api/assets/top-movers',
      'get /api/assets/{symbol}/history',
      'get /api/assets/{symbol}/icon.svg',
      'get /api/assets/{symbol}/splits',
      'get /api/fx-rates',
      'get /api/stream/quotes',
      'get /api/user/holdings',
      'get /api/user/orders',
      'get /api/user/position',
      'get /api/user/position/history',
      'get /api/user/position/history/export',
      'get /api/user/splits',
      'get /api/user/watchlist',
      'post /api/user/orders',
      'post /api/user/position/store',
      'post /api/user/trade/store',
      'post /api/user/watchlist/store',
      'put /api/user/position/close/{id}',
    ]);
    const mediaTypes = Object.fromEntries(
      ours.map(({ name, operation }) => {
        const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
        return [name, Object.keys(success?.[1].content ?? {})];
      }),
    );
    expect(Object.entries(mediaTypes).filter(([, types]) => types.length === 0)).toEqual([]);
    expect(mediaTypes['get /api/assets/{symbol}/icon.svg']).toEqual(['image/svg+xml']);
    expect(mediaTypes['get /api/user/position/history/export']).toEqual(['text/csv']);
    expect(mediaTypes['get /api/stream/quotes']).toEqual(['text/event-stream']);
    const stream = ours.find(({ name }) => name === 'get /api/stream/quotes')?.operation;
    expect(stream?.description).toContain('`quote` event');
  });

  it('open a position with the same fields whichever buy route is used', async () => {
    const db = testApp.database.db;
    const wallet = walletServiceFor(db, { now: () => new Date() }, createUsersRepository(db), testApp.config.limits);
    const user = await fundedInvestor(testApp, wallet, '1000', 'brokerage');
    const { rows } = await db.$client.query<{ id: number }>("select id from assets where symbol = 'AAPL'");
    const order = { asset_id: rows[0]?.id, quantity: '0.01', wallet: 'brokerage' };
    for (const [url, payload] of [
      ['/api/user/position/store', order],
      ['/api/user/trade/store', { ...order, type: 'buy' }],
    ] as const) {
      const bought = await testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
      expect(bought.statusCode, bought.body).toBe(201);
      expect(positionOpenedResponse.strict().parse(bought.json().data).position.status).toBe('open');
    }
  });
});

import { userResponse } from '@itrust/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, savedDestination, signUp } from '../test/fixtures.ts';

type Schema = { type?: string; properties?: Record<string, Schema>; anyOf?: Schema[]; $ref?: string };
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

let testApp: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  testApp = await createTestApp();
  paths = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => testApp.close());

const jsonRoutes = [
  'get /api/user',
  'get /api/user/analytics',
  'get /api/user/savings-accounts',
  'post /api/user/savings-accounts/store',
  'post /api/user/savings-accounts/credit',
  'post /api/user/savings-accounts/debit',
  'get /api/user/savings-accounts/history',
  'get /api/user/transaction/fetch',
  'post /api/user/transaction/deposit',
  'post /api/user/transaction/withdraw',
  'post /api/user/transaction/swap',
  'post /api/user/transaction/cancel/{id}',
  'post /api/user/payment-method',
  'get /api/user/payment-method',
  'get /api/user/auto',
  'put /api/user/auto',
];
const csvRoutes = ['get /api/user/transaction/export', 'get /api/user/savings-accounts/history/export'];

const operation = (name: string) => {
  const [method = '', route = ''] = name.split(' ');
  return paths[route]?.[method];
};
const successContent = (name: string) =>
  Object.entries(operation(name)?.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1].content;

describe('the wallet, savings, automated-investing and user responses', () => {
  it('are declared in the OpenAPI document, each with its fields', () => {
    const undeclared = jsonRoutes.filter((name) => {
      const data = successContent(name)?.['application/json']?.schema.properties?.['data'];
      return !data?.properties || Object.keys(data.properties).length === 0;
    });
    expect(undeclared).toEqual([]);
    expect(csvRoutes.filter((name) => !successContent(name)?.['text/csv'])).toEqual([]);
    const user =
      successContent('get /api/user')?.['application/json']?.schema.properties?.['data']?.properties?.['user'];
    expect(Object.keys(user?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'country',
        'state',
        'transactions',
        'savings',
        'deposit_account',
        'withdrawal_account',
        'wallet',
      ]),
    );
  });

  it('ask for no field without a type', () => {
    const untyped = ['post /api/user/transaction/deposit', 'post /api/user/transaction/swap'].flatMap((name) =>
      Object.entries(operation(name)?.requestBody?.content['application/json']?.schema.properties ?? {})
        .filter(([, schema]) => !schema.type && !schema.anyOf && !schema.$ref)
        .map(([field]) => `${name} ${field}`),
    );
    expect(untyped).toEqual([]);
  });

  it('give the user with every record the include asks for', async () => {
    const user = await signUp(testApp, { verified: true });
    await savedDestination(testApp, user);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    const body = userResponse.parse(response.json().data).user;
    expect(body.wallet?.cash).toEqual({ balance: '0.00', held: '0.00', available: '0.00', total_networth: '0.00' });
    expect(body.wallet?.brokerage['24hr_pl']).toBe('0.00');
    expect(body.transactions).toEqual([]);
    expect(body.savings).toEqual([]);
    expect(body.country?.iso_code).toBe('GB');
    expect(body.state?.name).toEqual(expect.any(String));
    expect(body.city).toEqual({ id: expect.any(Number), name: 'London' });
    expect(body.deposit_account?.bank_reference).toEqual(expect.any(String));
    expect(body.withdrawal_account?.bank_name).toBe('Babbage Bank');

    const plain = await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) });
    expect(plain.json().data.user.city).toBe('London');
    expect(Object.keys(plain.json().data.user)).not.toContain('wallet');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, savedDestination, signedInOperator, signUp } from '../../../test/fixtures.ts';

let testApp: TestApp;
let operatorToken: string;
beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1' });
  operatorToken = await signedInOperator(testApp);
});
afterAll(() => testApp.close());

type Entry = { action: string; actor_kind: string; actor_id: string; actor_email: string; object_id: string };
const auditPage = async (query = '') => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/audit?per_page=100${query}`,
    headers: bearer(operatorToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.audit as { data: Entry[]; total: number };
};

describe('the audit log', () => {
  it("tells an operator's decisions from the security changes users make to their own account", async () => {
    const investor = await signUp(testApp, { verified: true });
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [investor.id]);
    const deposit = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/transaction/deposit',
      headers: bearer(investor.token),
      payload: { amount: '50', mode: 'bank' },
    });
    const depositId = deposit.json().data.transaction.id as string;
    const approved = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${depositId}/approve`,
      headers: bearer(operatorToken),
    });
    expect(approved.statusCode).toBe(200);
    const destination = await savedDestination(testApp, investor);

    const { data: entries } = await auditPage();
    const operator = (
      await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(operatorToken) })
    ).json().data.user as { id: string; email: string };
    expect(entries.find((entry) => entry.object_id === depositId)).toMatchObject({
      action: 'deposit.approve',
      actor_kind: 'operator',
      actor_id: operator.id,
      actor_email: operator.email,
    });
    expect(entries.find((entry) => entry.object_id === destination)).toMatchObject({
      action: 'payment_method.added',
      actor_kind: 'user',
      actor_id: investor.id,
      actor_email: investor.email,
    });

    const byUsers = await auditPage('&actor=user');
    expect(byUsers.data.map((entry) => entry.actor_kind)).toEqual(byUsers.data.map(() => 'user'));
    expect(byUsers.data.map((entry) => entry.object_id)).toContain(destination);
    const byOperators = await auditPage('&actor=operator');
    expect(byOperators.data.map((entry) => entry.object_id)).toEqual([depositId]);
    expect(byUsers.total + byOperators.total).toBe((await auditPage()).total);
  });

  it('refuses an unknown kind of actor with a clear message', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit?actor=robot',
      headers: bearer(operatorToken),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('actor');
  });
});

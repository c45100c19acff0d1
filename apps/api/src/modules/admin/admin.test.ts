import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  bearer,
  savedDestination,
  signedInOperator,
  signUp,
  uniqueSuffix,
  type SignedUpUser,
} from '../../../test/fixtures.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { multipart } from '../../../test/multipart.ts';
import { parameterised, tablesScanned, watchQueries } from '../../../test/query-log.ts';
import { createAuditRepository } from './audit.repository.ts';
import { createOperator, OperatorProblem } from './operators.ts';

let testApp: TestApp;
let operatorToken: string;
let image: Buffer;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', WITHDRAWAL_MIN: '1' });
  image = await sharp({ create: { width: 200, height: 120, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .png()
    .toBuffer();
  operatorToken = await signedInOperator(testApp);
});
afterAll(() => testApp.close());

const asOperator = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: bearer(operatorToken), ...(payload ? { payload } : {}) });
const asInvestor = (user: SignedUpUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

async function submittedInvestor() {
  const user = await signUp(testApp, { verified: true });
  const body = multipart({ _method: 'PATCH', id_type: 'national_passport', id_number: 'N-42' }, [
    { name: 'front_id', fileName: 'front.png', contentType: 'image/png', bytes: image },
    { name: 'back_id', fileName: 'back.png', contentType: 'image/png', bytes: image },
  ]);
  const submitted = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/profile/kyc',
    headers: { ...bearer(user.token), ...body.headers },
    payload: body.payload,
  });
  expect(submitted.statusCode).toBe(200);
  return user;
}

describe('operators', () => {
  it('always give the emailed code at sign-in, and are created only with a strong password', async () => {
    await expect(
      createOperator(testApp.database.db, `weak.${uniqueSuffix()}@itrust.test`, 'password1'),
    ).rejects.toThrow(OperatorProblem);
  });

  it('are the only ones an /api/admin endpoint answers: an investor gets 403 everywhere', async () => {
    const investor = await signUp(testApp, { verified: true });
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const adminOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(adminOperations.length).toBeGreaterThanOrEqual(9);
    for (const { method, path } of adminOperations) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await testApp.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(investor.token),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
  });
});

describe('identity review', () => {
  it('lists submitted checks with their documents, approves one, tells the investor, and writes the audit log', async () => {
    const investor = await submittedInvestor();
    const queue = (await asOperator('GET', '/api/admin/kyc?filter[status]=submitted&per_page=100')).json().data.users;
    const listed = queue.data.find((user: { id: string }) => user.id === investor.id);
    expect(listed.documents.map((document: { side: string }) => document.side).sort()).toEqual(['back', 'front']);
    const image = await asOperator('GET', listed.documents[0].url);
    expect(image.headers['content-type']).toBe('image/png');

    expect((await asOperator('POST', `/api/admin/kyc/${investor.id}/approve`)).statusCode).toBe(200);
    expect((await asInvestor(investor, 'GET', '/api/user')).json().data.user.kyc).toBe('approved');
    await testApp.outbox.waitFor(investor.email, 'Your identity is verified');
    const again = await asOperator('POST', `/api/admin/kyc/${investor.id}/approve`);
    expect(again.statusCode).toBe(409);

    const audit = (await asOperator('GET', '/api/admin/audit?per_page=100')).json().data.audit.data;
    expect(audit.find((entry: { object_id: string }) => entry.object_id === investor.id)).toMatchObject({
      action: 'kyc.approve',
      object_type: 'user',
      before: { kyc: 'submitted' },
      after: { kyc: 'approved' },
      client_address: '127.0.0.1',
    });
  });

  it('declines with a reason the investor sees, and refuses a check that is not submitted', async () => {
    const investor = await submittedInvestor();
    expect((await asOperator('POST', `/api/admin/kyc/${investor.id}/decline`, {})).statusCode).toBe(422);
    expect(
      (await asOperator('POST', `/api/admin/kyc/${investor.id}/decline`, { reason: 'The photo is blurred.' }))
        .statusCode,
    ).toBe(200);
    expect((await asInvestor(investor, 'GET', '/api/user')).json().data.user).toMatchObject({
      kyc: 'declined',
      kyc_declined_reason: 'The photo is blurred.',
    });
    const pending = await signUp(testApp, { verified: true });
    expect((await asOperator('POST', `/api/admin/kyc/${pending.id}/approve`)).statusCode).toBe(409);
  });
});

describe('the queues to decide', () => {
  it('are read by index, not by reading every investor or every transaction', async () => {
    await submittedInvestor();
    const queries = watchQueries(testApp.database.db);
    const { queries: sent } = await queries.during(async () => {
      for (const url of [
        '/api/admin/kyc?filter[status]=submitted&per_page=50',
        '/api/admin/transactions?filter[status]=pending&filter[type]=credit&per_page=50',
        '/api/admin/transactions?filter[status]=pending&filter[type]=debit&per_page=50',
      ])
        expect((await asOperator('GET', url)).statusCode, url).toBe(200);
    });
    const statements = parameterised(new Set(sent.map((query) => query.text)));
    expect(statements.some((text) => /from "users"/.test(text) && /"kyc"/.test(text))).toBe(true);
    expect(await tablesScanned(testApp.database.db, statements)).toEqual([]);
  });
});

describe('money decisions', () => {
  it('credit a deposit exactly once under 20 parallel approvals', async () => {
    const investor = await signUp(testApp, { verified: true });
    const id = (
      await asInvestor(investor, 'POST', '/api/user/transaction/deposit', { amount: '2500.00', mode: 'bank' })
    ).json().data.transaction.id as string;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        asOperator('POST', `/api/admin/transactions/${id}/approve`, { payout_reference: 'BANK-REF-1' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    const wallet = (await asInvestor(investor, 'GET', '/api/user?include=wallet')).json().data.user.wallet;
    expect(wallet.cash.balance).toBe('2500.00');
    await testApp.outbox.waitFor(investor.email, 'Your deposit has arrived');
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  });

  it('decline a withdrawal and give the amount back to the available balance', async () => {
    const investor = await signUp(testApp, { verified: true });
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [investor.id]);
    const deposit = (
      await asInvestor(investor, 'POST', '/api/user/transaction/deposit', { amount: '800', mode: 'bank' })
    ).json().data.transaction.id as string;
    await asOperator('POST', `/api/admin/transactions/${deposit}/approve`);
    const method = await savedDestination(testApp, investor, {
      type: 'crypto',
      currency: 'eth',
      wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    const withdrawal = (
      await asInvestor(investor, 'POST', '/api/user/transaction/withdraw', { amount: '300', payment_method_id: method })
    ).json().data.transaction.id as string;
    const queue = (
      await asOperator('GET', '/api/admin/transactions?filter[status]=pending&filter[type]=debit&per_page=100')
    ).json().data.transactions.data;
    expect(queue.find((row: { id: string }) => row.id === withdrawal)).toMatchObject({
      user: { email: investor.email },
      payment_method: { type: 'crypto', currency: 'eth' },
    });
    expect((await asInvestor(investor, 'GET', '/api/user?include=wallet')).json().data.user.wallet.cash.available).toBe(
      '500.00',
    );
    expect(
      (
        await asOperator('POST', `/api/admin/transactions/${withdrawal}/decline`, {
          reason: 'The address belongs to a sanctioned exchange.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await asInvestor(investor, 'GET', '/api/user?include=wallet')).json().data.user.wallet.cash).toMatchObject({
      available: '800.00',
      held: '0.00',
    });
    await testApp.outbox.waitFor(investor.email, 'Your withdrawal was declined');
    const detail = (await asOperator('GET', `/api/admin/users/${investor.id}`)).json().data.user;
    expect(detail.wallet.cash.balance).toBe('800.00');
    expect(detail.transactions.map((row: { status: string }) => row.status)).toEqual(['declined', 'approved']);
    expect(
      (await asOperator('GET', `/api/admin/users?search=${encodeURIComponent(investor.username)}`)).json().data.users,
    ).toHaveLength(1);
    expect(await ledgerProblems(testApp.database.db)).toEqual([]);
  });
});

describe('the audit log', () => {
  it('cannot be changed: the repository only adds, and the database refuses updates and deletes', async () => {
    expect(Object.keys(createAuditRepository())).toEqual(['record']);
    await expect(testApp.database.db.update(auditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(testApp.database.db.delete(auditLog)).rejects.toThrow();
    await expect(testApp.database.db.$client.query('truncate audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('savings product notes', () => {
  it('an operator edits a note; scripts and handlers are removed before it is stored or shown', async () => {
    const { rows } = await testApp.database.db.$client.query<{ id: number }>(
      "select id from savings_products where name = 'Custodian Account'",
    );
    const id = rows[0]?.id;
    const hostile =
      '<p onclick="steal()">Save for <strong>school</strong><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a><a href="https://itrust.example/kids">more</a>';
    const edited = await asOperator('PATCH', `/api/admin/savings-accounts/${id}`, { note: hostile });
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = edited.json().data.account.note as string;
    expect(stored).toBe(
      '<p>Save for <strong>school</strong></p><a rel="noopener noreferrer" target="_blank">click</a>' +
        '<a href="https://itrust.example/kids" rel="noopener noreferrer" target="_blank">more</a>',
    );

    // Even a note written straight into the database is cleaned on the way out.
    await testApp.database.db.$client.query('update savings_products set note = $1 where id = $2', [hostile, id]);
    const investor = await signUp(testApp, { verified: true });
    const offered = (await asInvestor(investor, 'GET', '/api/user/savings-accounts')).json().data.accounts;
    const note = offered.find((account: { id: number }) => account.id === id)?.note as string;
    expect(note).not.toMatch(/script|onerror|onclick|javascript:/i);

    const audit = await asOperator('GET', '/api/admin/audit');
    expect(JSON.stringify(audit.json().data)).toContain('savings_product.update');
    const investorTry = await asInvestor(investor, 'GET', '/api/admin/audit');
    expect(investorTry.statusCode).toBe(403);
  });
});

describe('npm run ops -- create-operator', () => {
  const run = async (args: string[]) => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const cli = new URL('../../cli/ops.ts', import.meta.url).pathname;
    return promisify(execFile)(process.execPath, [cli, ...args], {
      env: { ...process.env, DATABASE_URL: testApp.database.url, NODE_ENV: 'test' },
    }).then(
      (result) => ({ code: 0, output: result.stdout + result.stderr }),
      (failure: unknown) => {
        const error = failure as { code?: number; stdout?: string; stderr?: string };
        return { code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` };
      },
    );
  };

  it('refuses a weak password and says why, then creates the operator and says so', async () => {
    const email = `cli.${uniqueSuffix()}@itrust.test`;
    const weak = await run(['create-operator', '--email', email, '--password', 'qwerty123']);
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('No operator created: This password is too common.');
    const created = await run(['create-operator', '--email', email, '--password', 'a sound operator passphrase']);
    expect(created.code).toBe(0);
    expect(created.output).toContain(`Created operator ${email}`);
    const { rows } = await testApp.database.db.$client.query(
      'select role, two_fa_activated_at is not null as two_factor from users where email = $1',
      [email],
    );
    expect(rows[0]).toEqual({ role: 'operator', two_factor: true });
    const usage = await run(['create-operator']);
    expect(usage.code).toBe(2);
  });
});

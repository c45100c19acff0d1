import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type SignedUpUser } from '../../test/fixtures.ts';
import { codeLockRules } from '../modules/auth/code-failures.ts';
import { resendRules } from '../modules/auth/codes.ts';
import { accountSignInRules, addressSignInRules } from '../modules/auth/session.service.ts';
import { passwordCheckRules } from '../modules/account/password-check.ts';
import { purgeQueue, registerHousekeepingJobs } from '../jobs/housekeeping.job.ts';
import { purgeExpired, retention } from './retention.ts';

let testApp: TestApp;
let user: SignedUpUser;
const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const query = (text: string, values: unknown[] = []) => testApp.database.db.$client.query(text, values);
const count = async (table: string, where = 'true', values: unknown[] = []) =>
  (await query(`select count(*)::int as n from ${table} where ${where}`, values)).rows[0].n as number;

beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUp(testApp, { verified: true });
});
afterAll(() => testApp.close());

it('keeps every throttle count as long as the longest rule looks back', () => {
  const windows = [...resendRules, ...accountSignInRules, ...addressSignInRules, ...passwordCheckRules].map(
    (rule) => rule.windowMs,
  );
  expect(Math.max(...windows)).toBeLessThan(retention.throttleEventSeconds * 1000);
});

it('removes the rows past their retention, in batches, and leaves the rest', async () => {
  const keyAge = retention.idempotencyKeySeconds;
  const spent = retention.spentCredentialSeconds;
  // 12,000 old keys: more than two batches.
  await query(
    `insert into idempotency_keys (user_id, key, request_hash, created_at)
     select $1, 'old-' || n, 'h', $2 from generate_series(1, 12000) n`,
    [user.id, ago(keyAge + 60)],
  );
  await query(
    `insert into idempotency_keys (user_id, key, request_hash, created_at) values ($1, 'fresh-key', 'h', $2)`,
    [user.id, ago(keyAge - 60)],
  );
  await query(`insert into throttle_events (key, created_at) values ('purge:old', $1), ('purge:fresh', $2)`, [
    ago(retention.throttleEventSeconds + 60),
    ago(60),
  ]);
  await query(
    `insert into access_tokens (user_id, token_hash, scope, created_at, expires_at, revoked_at) values
       ($1, 'expired-long-ago', 'full', $2, $2, null),
       ($1, 'revoked-long-ago', 'full', $2, $3, $2),
       ($1, 'revoked-lately', 'full', $4, $3, $4)`,
    [user.id, ago(spent + 60), new Date(now.getTime() + 3_600_000), ago(60)],
  );
  await query(
    `insert into verification_codes (user_id, purpose, code_hash, created_at, expires_at, used_at) values
       ($1, 'two_fa', 'used-long-ago', $2, $3, $2),
       ($1, 'two_fa', 'expired-long-ago', $2, $2, null),
       ($1, 'two_fa', 'expired-lately', $4, $4, null)`,
    [user.id, ago(spent + 60), ago(spent - 3600), ago(60)],
  );
  await query(
    `insert into email_change_undos (user_id, token_hash, old_email, new_email, created_at, expires_at, used_at)
     values ($1, 'undo-used-long-ago', 'a@example.com', 'b@example.com', $2, $3, $2),
       ($1, 'undo-live', 'a@example.com', 'b@example.com', $4, $3, null)`,
    [user.id, ago(spent + 60), new Date(now.getTime() + 3_600_000), ago(60)],
  );
  const stale = ago(retention.codeFailureSeconds + 60);
  await query(
    `insert into code_failures (key, failures, locked_until, updated_at) values
       ('password_reset:email:stale@example.com', 40, $1, $1),
       ('password_reset:email:lately@example.com', 40, null, $2),
       ($3, 100, $1, $1)`,
    [stale, ago(retention.codeFailureSeconds - 3600), `password_reset:${user.id}`],
  );
  const before = {
    keys: await count('idempotency_keys', 'user_id = $1', [user.id]),
    tokens: await count('access_tokens', 'user_id = $1', [user.id]),
  };

  const removed = await purgeExpired(testApp.database.db, now, codeLockRules.failuresInTotal);

  expect(removed['idempotency_keys']).toBeGreaterThanOrEqual(12_000);
  expect(await count('idempotency_keys', 'user_id = $1', [user.id])).toBe(before.keys - 12_000);
  expect(await count('idempotency_keys', `key = 'fresh-key'`)).toBe(1);
  expect(await count('throttle_events', `key like 'purge:%'`)).toBe(1);
  expect(await count('throttle_events', `key = 'purge:fresh'`)).toBe(1);
  // The sign-up's own token is live and stays; of the three written here only the recent revocation stays.
  expect(await count('access_tokens', 'user_id = $1', [user.id])).toBe(before.tokens - 2);
  expect(await count('access_tokens', `token_hash = 'revoked-lately'`)).toBe(1);
  expect(await count('verification_codes', `code_hash in ('used-long-ago', 'expired-long-ago')`)).toBe(0);
  expect(await count('verification_codes', `code_hash = 'expired-lately'`)).toBe(1);
  expect(await count('email_change_undos', 'user_id = $1', [user.id])).toBe(1);
  expect(await count('code_failures', `key like 'password_reset:email:%'`)).toBe(1);
  expect(await count('code_failures', `key = 'password_reset:email:lately@example.com'`)).toBe(1);
  expect(await count('code_failures', 'key = $1', [`password_reset:${user.id}`])).toBe(1);
  expect(await purgeExpired(testApp.database.db, now, codeLockRules.failuresInTotal)).toEqual({
    idempotency_keys: 0,
    throttle_events: 0,
    access_tokens: 0,
    verification_codes: 0,
    email_change_undos: 0,
    code_failures: 0,
  });
});

it('runs as a job on the queue', async () => {
  await registerHousekeepingJobs(testApp.boss, testApp.database.db, { now: () => now });
  await query(
    `insert into idempotency_keys (user_id, key, request_hash, created_at) values ($1, 'queued-old', 'h', $2)`,
    [user.id, ago(retention.idempotencyKeySeconds + 60)],
  );
  await testApp.boss.send(purgeQueue, {});
  await expect.poll(() => count('idempotency_keys', `key = 'queued-old'`), { timeout: 15_000 }).toBe(0);
});

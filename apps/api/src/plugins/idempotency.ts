import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation, transaction, withRetries, type Database, type Executor } from '../db/client.ts';
import { retention } from '../db/retention.ts';
import { AppError, Conflict } from '../lib/errors.ts';

const keyPattern = /^[\w-]{8,100}$/;

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  otherBody: 'This Idempotency-Key was already used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed.',
} as const;

type WorkResponse = { status: number; body: unknown };
type Key = { userId: string; key: string; requestHash: string };
type StoredResponse = { request_hash: string; response_status: number | null; response_body: unknown };

/** A stored key older than this is taken over by the next request that names it, whatever its body. */
const expiredAt = (table: string) =>
  sql`${sql.identifier(table)}.created_at < now() - make_interval(secs => ${retention.idempotencyKeySeconds})`;
const expired = expiredAt('idempotency_keys');

/**
 * Money-moving POSTs honour an optional Idempotency-Key: the same key and body replay the first
 * response, the same key with another body is 422, a duplicate sent while the first is running is
 * 409. Keys live 24 hours (then the housekeeping job removes them). A failure on our side leaves no
 * trace, so the client can retry.
 */
export async function idempotent(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  work: () => Promise<WorkResponse>,
) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return send(reply, await work());
  const key = Array.isArray(header) ? (header[0] ?? '') : header;
  if (!keyPattern.test(key)) throw new AppError(422, idempotencyMessages.badKey);
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const claim: Key = { userId, key, requestHash };

  let refused: AppError | undefined;
  // The key, the work and the stored response commit together: a crash anywhere in between
  // leaves none of them, so a retry starts afresh and money moves exactly once. The work joins
  // this transaction (db/client.ts `transaction`).
  const outcome = await withRetries(() =>
    transaction(db, async (tx): Promise<{ replay: StoredResponse } | { response: WorkResponse }> => {
      const stored = await lookUpKey(tx, claim);
      if (stored) {
        if (stored.request_hash !== requestHash) throw new AppError(422, idempotencyMessages.otherBody);
        return { replay: stored };
      }
      const response = await work().catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode < 500) refused = error;
        throw error;
      });
      await tx.execute(keyWithResponse(claim, response)).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new Conflict(idempotencyMessages.inProgress);
        throw error;
      });
      return { response };
    }),
  ).catch(async (error: unknown) => {
    if (!refused || error !== refused) throw error;
    // A refusal (422, 409…) undid everything the work began; the key then stores the refusal, so
    // a retry gets the same response. A duplicate that slipped in meanwhile keeps its own response.
    await rememberRefusal(db, claim, refused);
    throw refused;
  });

  if ('replay' in outcome)
    return reply
      .code(outcome.replay.response_status ?? 200)
      .header('idempotent-replay', 'true')
      .send(outcome.replay.response_body);
  return send(reply, outcome.response);
}

/**
 * Holds the key's lock until the request's transaction ends, so a duplicate that arrives while the
 * first runs is told so (409). The key is written only with the response: one write, not a claim and then its response.
 */
async function lookUpKey(tx: Executor, { userId, key }: Key): Promise<StoredResponse | undefined> {
  const { rows } = await tx.execute<
    Omit<StoredResponse, 'request_hash'> & { locked: boolean; request_hash: string | null }
  >(sql`
    with lock as materialized (
      select pg_try_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, 0)) as locked),
    dropped as (
      delete from idempotency_keys where user_id = ${userId} and key = ${key} and ${expired} and (select locked from lock))
    select lock.locked, stored.request_hash, stored.response_status, stored.response_body
    from lock left join idempotency_keys stored on stored.user_id = ${userId} and stored.key = ${key} and not ${expiredAt('stored')}`);
  const [row] = rows;
  if (!row?.locked) throw new Conflict(idempotencyMessages.inProgress);
  return row.request_hash === null ? undefined : { ...row, request_hash: row.request_hash };
}

/**
 * The key with its response, the transaction's last statement. A first request that committed after
 * the look-up's snapshot was taken and before its lock was granted makes this insert fail (the key
 * is taken), which undoes the duplicate's work with it.
 */
const keyWithResponse = ({ userId, key, requestHash }: Key, response: WorkResponse) => sql`
  insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
  values (${userId}, ${key}, ${requestHash}, ${response.status}, ${JSON.stringify(response.body)}::jsonb, now())`;

async function rememberRefusal(db: Database, claim: Key, refused: AppError) {
  const body = { status: 'error', message: refused.message, ...(refused.errors ? { errors: refused.errors } : {}) };
  await db.execute(sql`${keyWithResponse(claim, { status: refused.statusCode, body })}
    on conflict (user_id, key) do update
      set request_hash = excluded.request_hash, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = excluded.created_at
      where ${expired}`);
}

function send(reply: FastifyReply, response: WorkResponse) {
  return reply.code(response.status).send(response.body);
}

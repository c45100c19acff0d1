import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inOneTransaction, type Database } from '../db/client.ts';
import { AppError, Conflict } from '../lib/errors.ts';

const keyPattern = /^[\w-]{8,100}$/;
const dayMs = 24 * 60 * 60 * 1000;

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  otherBody: 'This Idempotency-Key was already used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed.',
} as const;

type Answer = { status: number; body: unknown };

/**
 * Money-moving POSTs honour an optional Idempotency-Key: the same key and body replay the first
 * answer, the same key with another body is 422, a duplicate sent while the first is running is
 * 409. Keys live 24 hours. A failure on our side leaves no trace, so the client can retry.
 */
export async function idempotent(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  work: () => Promise<Answer>,
) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return send(reply, await work());
  const key = Array.isArray(header) ? (header[0] ?? '') : header;
  if (!keyPattern.test(key)) throw new AppError(422, idempotencyMessages.badKey);
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

  await db.execute(
    sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and created_at < ${new Date(Date.now() - dayMs)}`,
  );
  // The key, the work and the remembered answer commit together: a crash anywhere in between
  // leaves none of them, so a retry starts afresh and money moves exactly once.
  const outcome = await inOneTransaction(
    db,
    async (): Promise<{ replay: StoredAnswer } | { answer: Answer; error?: AppError }> => {
      // One request per key at a time: a duplicate that arrives while the first runs is told so (409).
      const { rows: locked } = await db.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, 0)) as locked`,
      );
      if (!locked[0]?.locked) throw new Conflict(idempotencyMessages.inProgress);
      const { rows } = await db.execute<StoredAnswer & { request_hash: string }>(
        sql`select request_hash, response_status, response_body from idempotency_keys where user_id = ${userId} and key = ${key}`,
      );
      const stored = rows[0];
      if (stored) {
        if (stored.request_hash !== requestHash) throw new AppError(422, idempotencyMessages.otherBody);
        return { replay: stored };
      }
      await db.execute(
        sql`insert into idempotency_keys (user_id, key, request_hash) values (${userId}, ${key}, ${requestHash})`,
      );
      try {
        // A savepoint: a refused request leaves nothing of what it began.
        const answer = await db.transaction(() => work());
        await remember(db, userId, key, answer);
        return { answer };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const body = { status: 'error', message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
        await remember(db, userId, key, { status: error.statusCode, body });
        return { answer: { status: error.statusCode, body }, error };
      }
    },
  );
  if ('replay' in outcome)
    return reply
      .code(outcome.replay.response_status ?? 200)
      .header('idempotent-replay', 'true')
      .send(outcome.replay.response_body);
  if (outcome.error) throw outcome.error;
  return send(reply, outcome.answer);
}

type StoredAnswer = { response_status: number | null; response_body: unknown };

async function remember(db: Database, userId: string, key: string, answer: Answer) {
  await db.execute(sql`
    update idempotency_keys set response_status = ${answer.status}, response_body = ${JSON.stringify(answer.body)}::jsonb
    where user_id = ${userId} and key = ${key}`);
}

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).send(answer.body);
}

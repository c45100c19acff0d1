import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// numeric stays a decimal string; int8 counts fit in a JS number for our tables.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(url: string, maxConnections = 10, connectionWaitMs = 10_000): Database {
  // A request that cannot get a connection fails loudly instead of queueing forever.
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: connectionWaitMs });
  // A connection lost while idle (pool) or checked out (client) fails its next query instead of
  // the process; the pool then drops it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A read that PostgreSQL takes longer to plan than to run, sent as pg's named prepared statement so
 * that each connection plans it once (docs/decisions/0006-prepared-reads.md). One name, one SQL
 * text: pg refuses a name reused for another. Rows come as pg parses them, so select text, not
 * timestamps.
 */
export async function preparedRows<T extends pg.QueryResultRow>(db: Database, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const { rows } = await db.$client.query<T>({ name, text, values: params });
  return rows;
}

/** One round trip to the database: the health check fails when it does not come back. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '$with' | 'with'>;

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const current = new AsyncLocalStorage<Transaction>();

/** Joins the caller's open transaction, so a request's Idempotency-Key commits with its movement. */
export function transaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const open = current.getStore();
  if (open) return work(open);
  return db.transaction((tx) => current.run(tx, () => work(tx)));
}

/** True inside `transaction`: a failed statement there has failed the caller's whole transaction. */
export const inTransaction = () => current.getStore() !== undefined;

/** PostgreSQL's error (its SQLSTATE and constraint), whether the driver's own or inside drizzle's wrapper of it. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return wrapped.cause ?? wrapped;
}

/** A deadlock (40P01) or serialization failure (40001): nothing was written, so a rerun may succeed. */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error).code;
  return code === '40P01' || code === '40001';
}

export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error).code === '23505';
}

export function violates(error: unknown, constraint: string): boolean {
  const database = databaseErrorOf(error);
  return database.code === '23505' && database.constraint === constraint;
}

/** A drawn reference was taken and the clash failed the transaction: rerun it whole to draw another. */
export class DrawnValueTaken extends Error {}

/** How many times work that draws a random value runs before a clash is an error (at 40 bits, two in a row are rare enough). */
export const drawsAllowed = 5;

/** How many times a transaction runs when PostgreSQL breaks it off (isTransientConflict). */
const conflictAttemptsAllowed = 3;

/**
 * Runs a whole transaction again when it drew a value already taken or PostgreSQL broke it off:
 * safe because a run that failed left nothing behind (a request's key commits with its work).
 */
export async function withRetries<T>(transaction: () => Promise<T>): Promise<T> {
  for (let draws = 1, conflicts = 1; ;) {
    try {
      return await transaction();
    } catch (error) {
      if (error instanceof DrawnValueTaken && draws < drawsAllowed) draws += 1;
      else if (isTransientConflict(error) && conflicts < conflictAttemptsAllowed) conflicts += 1;
      else throw error;
    }
  }
}

/** Runs `work` in a transaction holding an advisory lock on `key`, so check-then-write cannot race. */
export function withKeyLock<T>(db: Database, key: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return work(tx);
  });
}

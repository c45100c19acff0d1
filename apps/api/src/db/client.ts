import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableColumns, sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { createPipelinedReads, type PipelinedReads } from './pipelined-reads.ts';
import { PreparingClient } from './preparing-client.ts';

/** The pool, with the pipelined connections of the hot reads beside it; ending it ends both. */
export class DatabasePool extends pg.Pool {
  readonly reads: PipelinedReads;
  constructor(config: pg.PoolConfig & { connectionString: string }) {
    super(config);
    this.reads = createPipelinedReads(config.connectionString);
  }
  override async end(): Promise<void> {
    await Promise.all([super.end(), this.reads.end()]);
  }
}

export type Database = NodePgDatabase<typeof schema> & { $client: DatabasePool };

// numeric stays a decimal string; int8 counts fit in a JS number for our tables.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const ambient = new AsyncLocalStorage<Transaction>();

export function createDatabase(url: string, maxConnections = 10): Database {
  // A request that cannot get a connection fails loudly instead of queueing forever.
  const pool = new DatabasePool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: 10_000,
    Client: PreparingClient,
    // A transaction's BEGIN leaves with its first statement (preparing-client.ts).
    pipeline: true,
  });
  pool.on('error', () => undefined);
  const base = drizzle({ client: pool, schema, casing: 'snake_case' });
  const reads = drizzle({ client: pool.reads as unknown as pg.Client, schema, casing: 'snake_case' });
  // Inside any transaction every query made through this object joins it, and a transaction begun
  // inside it becomes a savepoint; elsewhere it is the plain pooled database (the pipelined reads
  // while hotQuery builds a statement). Without this, a query
  // through `db` inside `db.transaction` waits for a second connection while holding one, and ten
  // such requests at once exhaust the pool for good.
  const database = new Proxy(base, {
    get(target, property) {
      const tx = ambient.getStore();
      if (!tx && property === 'transaction')
        return <T>(work: (tx: Transaction) => Promise<T>, config?: Parameters<Database['transaction']>[1]) =>
          target.transaction((opened) => ambient.run(opened, () => work(opened)), config);
      const source: object = property === '$client' ? target : (tx ?? (buildingReads ? reads : target));
      const value: unknown = Reflect.get(source, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
  readers.set(database, reads);
  return database;
}

const readers = new WeakMap<object, Executor>();

/**
 * Where a read of one statement goes: inside a transaction, that transaction; elsewhere the
 * pipelined read connections (pipelined-reads.ts) instead of the pool. Only for statements that
 * read and take no locks.
 */
export function readerOf(db: Executor): Executor {
  return ambient.getStore() ?? readers.get(db) ?? db;
}

/** True while hotQuery builds its statement: the database object then builds on the pipelined reads. */
let buildingReads = false;

/**
 * A read on a hot path, built by drizzle once instead of on every request, and run on the
 * pipelined read connections (pipelined-reads.ts). Inside a transaction it is built again on that
 * transaction (a statement built once outside would run outside it, on another connection).
 * `build` must make its query through the database object of createDatabase, and be one read.
 */
export function hotQuery<Params extends Record<string, unknown>, Result>(
  name: string,
  build: () => { prepare: (name: string) => { execute: (params?: Params) => Promise<Result> } },
): (params: Params) => Promise<Result> {
  buildingReads = true;
  let onReads: { execute: (params?: Params) => Promise<Result> };
  try {
    onReads = build().prepare(name);
  } finally {
    buildingReads = false;
  }
  return (params) => (ambient.getStore() ? build().prepare(name) : onReads).execute(params);
}

// The same casing as the database object's own dialect, so that a statement built here reads the same.
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement on a hot path that drizzle would build again on every call (its SQL text from the
 * query builder's tree, a fifth of what a swap cost the API), built once from `build`, which
 * names each value with `sql.placeholder`, and run with the values as a named prepared statement
 * on the executor it is given (the database or a transaction). Its text must not depend on data.
 */
export function fixedStatement<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  let query: Query | undefined;
  return async (executor: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const result = await executor._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/** A placeholder for each name, to build a fixed statement's INSERT from (`values(placeholders(…))`). */
export function placeholders<const Name extends string>(names: readonly Name[]): Record<Name, Placeholder<Name>> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<Name, Placeholder<Name>>;
}

/**
 * Runs `work` so that everything it does through `db`, in any module, is one database transaction
 * that commits or rolls back as a whole.
 */
export function inOneTransaction<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (ambient.getStore()) return work();
  return db.transaction(() => work());
}

/**
 * Sends the last statement of the current transaction on its connection at once, without waiting
 * for its answer, so that the COMMIT leaves in the same write behind it. Await the promise after
 * the transaction has ended: if the statement failed, it rejects, and the COMMIT found the
 * transaction failed and undid it whole. The statement goes to the driver here, not through
 * drizzle, whose query starts only when awaited and could then follow the COMMIT.
 */
export function lastBeforeCommit(statement: SQL): Promise<pg.QueryResult> {
  const client = (ambient.getStore()?._.session as unknown as { client?: unknown } | undefined)?.client;
  if (!(client instanceof PreparingClient)) throw new Error('lastBeforeCommit needs a transaction on the pool');
  client.holdWrites();
  const query = dialect.sqlToQuery(statement);
  const sent = client.query(query.sql, query.params) as Promise<pg.QueryResult>;
  sent.catch(() => undefined);
  return sent;
}

/** PostgreSQL's error (its SQLSTATE and constraint), whether the driver's own or inside drizzle's wrapper of it. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return wrapped.cause ?? wrapped;
}

/**
 * PostgreSQL broke the transaction off to end a deadlock (40P01) or a serialization failure
 * (40001): it wrote nothing, and running it again may succeed.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error).code;
  return code === '40P01' || code === '40001';
}

/** PostgreSQL refused a duplicate key (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error).code === '23505';
}

/** PostgreSQL refused a duplicate key under the named unique constraint. */
export function violates(error: unknown, constraint: string): boolean {
  const database = databaseErrorOf(error);
  return database.code === '23505' && database.constraint === constraint;
}

/** True inside `db.transaction` (or inOneTransaction): a failed statement there has failed the whole transaction. */
export const inTransaction = () => ambient.getStore() !== undefined;

/**
 * Work that drew a random value (a reference) already taken, inside a transaction that the clash
 * has failed: whoever began that transaction may run it again whole, and it draws another.
 */
export class DrawnValueTaken extends Error {}

/** How many times work that draws a random value runs before a clash is an error (at 40 bits, two in a row are rare enough). */
export const drawsAllowed = 5;

/** The database or a transaction inside it: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '_'>;

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs `work` in a transaction holding an advisory lock on `key`, so check-then-write cannot race. */
export function withKeyLock<T>(db: Database, key: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return work(tx);
  });
}

/**
 * A row a raw statement returned (`select * from …`, columns as the database names them), read as
 * drizzle reads rows of that table: camelCase keys, each value through its column's mapping.
 */
export function rowFrom<Table extends PgTable>(table: Table, raw: Record<string, unknown>): Table['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

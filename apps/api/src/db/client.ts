import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableColumns, sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// numeric stays a decimal string; int8 counts fit in a JS number for our tables.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const ambient = new AsyncLocalStorage<Transaction>();

const statementNames = new Map<string, string>();
const maxStatementNames = 2000;

/** The name a parameterised statement is prepared under, the same on every connection; undefined once the cap is reached. */
function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= maxStatementNames) return known;
  const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

/**
 * Every parameterised statement goes as a named, server-side prepared statement: PostgreSQL parses
 * and plans it once per connection instead of on every request. Statements are the finite set our
 * code writes, and the cap above bounds them should a query text ever be built from data.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const run = (...all: unknown[]) => (super.query as (...inner: unknown[]) => never).apply(this, all);
    const [first, second] = args;
    // (text, values, callback?) or (config, values?, callback?) with the values in either place.
    const config = typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string } | null);
    const values = Array.isArray(second) ? second : (config as { values?: unknown[] } | null)?.values;
    if (!config?.text || config.name || !values?.length) return run(...args);
    const name = statementName(config.text);
    if (!name) return run(...args);
    return run({ ...config, name, values }, ...args.slice(Array.isArray(second) ? 2 : 1));
  }
}

export function createDatabase(url: string, maxConnections = 10): Database {
  // A request that cannot get a connection fails loudly instead of queueing forever.
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: 10_000,
    Client: PreparingClient,
  });
  pool.on('error', () => undefined);
  const base = drizzle({ client: pool, schema, casing: 'snake_case' });
  // Inside any transaction every query made through this object joins it, and a transaction begun
  // inside it becomes a savepoint; elsewhere it is the plain pooled database. Without this, a query
  // through `db` inside `db.transaction` waits for a second connection while holding one, and ten
  // such requests at once exhaust the pool for good.
  return new Proxy(base, {
    get(target, property) {
      const tx = ambient.getStore();
      if (!tx && property === 'transaction')
        return <T>(work: (tx: Transaction) => Promise<T>, config?: Parameters<Database['transaction']>[1]) =>
          target.transaction((opened) => ambient.run(opened, () => work(opened)), config);
      const source: object = tx && property !== '$client' ? tx : target;
      const value: unknown = Reflect.get(source, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/**
 * A read on a hot path, built by drizzle once instead of on every request. Inside a transaction it
 * is built again on that transaction (a statement built once on the pool would run outside it, on
 * a second connection). `build` must make its query through the database object of createDatabase.
 */
export function hotQuery<Params extends Record<string, unknown>, Result>(
  name: string,
  build: () => { prepare: (name: string) => { execute: (params?: Params) => Promise<Result> } },
): (params: Params) => Promise<Result> {
  const onPool = build().prepare(name);
  return (params) => (ambient.getStore() ? build().prepare(name) : onPool).execute(params);
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

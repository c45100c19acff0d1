import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import pg from 'pg';

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

/** The arguments of a query with a statement name added when it has parameters (below). */
function named(args: unknown[]): unknown[] {
  const [first, second] = args;
  // (text, values, callback?) or (config, values?, callback?) with the values in either place.
  const config = typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string } | null);
  const values = Array.isArray(second) ? second : (config as { values?: unknown[] } | null)?.values;
  if (!config?.text || config.name || !values?.length) return args;
  const name = statementName(config.text);
  if (!name) return args;
  return [{ ...config, name, values }, ...args.slice(Array.isArray(second) ? 2 : 1)];
}

/** A bare BEGIN answered by a promise (no callback, no parameters), as drizzle opens a transaction. */
function isPlainBegin(args: unknown[]): boolean {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  const values = Array.isArray(second) ? second : [];
  return (
    typeof text === 'string' &&
    text.trim().toLowerCase() === 'begin' &&
    values.length === 0 &&
    !args.some((arg) => typeof arg === 'function')
  );
}

const begun: pg.QueryResult = { command: 'BEGIN', rowCount: null, oid: 0, fields: [], rows: [] };

/**
 * Every parameterised statement goes as a named, server-side prepared statement: PostgreSQL parses
 * and plans it once per connection instead of on every request. Statements are the finite set our
 * code writes, and the cap above bounds them should a query text ever be built from data.
 *
 * On a connection in pipeline mode, a transaction's BEGIN does not wait for its answer: it is
 * answered at once and leaves in one write with the transaction's first statement, whose answer
 * then waits for the BEGIN's too (a BEGIN that failed fails it). That saves every transaction a
 * round trip.
 */
export class PreparingClient extends pg.Client {
  #begin: Promise<unknown> | undefined;
  #holding = false;

  override query(...args: unknown[]): never {
    const send = (...all: unknown[]) => (super.query as (...inner: unknown[]) => never).apply(this, all);
    if (this.pipeline && isPlainBegin(args)) {
      this.holdWrites();
      const answer = send(...args) as Promise<unknown>;
      answer.catch(() => undefined);
      this.#begin = answer;
      return Promise.resolve(begun) as never;
    }
    const answer: unknown = send(...named(args));
    const begin = this.#begin;
    if (!begin || !(answer instanceof Promise)) return answer as never;
    this.#begin = undefined;
    return Promise.all([begin, answer]).then(([, result]: unknown[]) => result) as never;
  }

  /**
   * Holds this connection's writes until this turn of the event loop ends, so that what is sent
   * meanwhile leaves in one write (a transaction's BEGIN and first statement, its last statement
   * and COMMIT).
   */
  holdWrites(): void {
    const stream = (this as unknown as { connection?: { stream?: Socket } }).connection?.stream;
    if (!stream || this.#holding) return;
    this.#holding = true;
    stream.cork();
    setImmediate(() => {
      this.#holding = false;
      stream.uncork();
    });
  }
}

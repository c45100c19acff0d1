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

/** A query's text and values: (text, values, callback?) or (config, values?, callback?), the values in either place. */
function partsOf(args: unknown[]) {
  const [first, second] = args;
  const config = typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string } | null);
  const values = Array.isArray(second) ? second : (config as { values?: unknown[] } | null)?.values;
  return { config, values, valuesApart: Array.isArray(second) };
}
type QueryParts = ReturnType<typeof partsOf>;

/** The arguments of a query with a statement name added when it has parameters (below). */
function named(args: unknown[], { config, values, valuesApart }: QueryParts): unknown[] {
  if (!config?.text || config.name || !values?.length) return args;
  const name = statementName(config.text);
  if (!name) return args;
  return [{ ...config, name, values }, ...args.slice(valuesApart ? 2 : 1)];
}

/** A bare BEGIN answered by a promise (no callback, no parameters), as drizzle opens a transaction. */
function isPlainBegin(args: unknown[], { values }: QueryParts, kind: StatementKind | undefined): boolean {
  return Boolean(kind?.bareBegin) && !values?.length && !args.some((arg) => typeof arg === 'function');
}

/** What a finished write may have changed: a user's account (who they are, their tokens) or only other data. */
export type WriteScope = 'account' | 'data';

/**
 * Called when a statement that may have changed data finishes outside a transaction, and when a
 * transaction that may have commits (db/change-feed.ts). Reads that write (`with … update … select`)
 * count too.
 */
export const onWriteDone = new Set<(scope: WriteScope) => void>();
const mayWrite = /\b(insert|update|delete|merge|truncate)\b/i;
const accountTables = /\b(users|access_tokens|currencies)\b/i;
const readCommands = new Set(['SELECT', 'BEGIN', 'SHOW', 'SET', 'LISTEN', 'SAVEPOINT', 'RELEASE']);

/** What a statement's text says of it, worked out once per text (our statements are a finite set). */
type StatementKind = {
  ends: 'begin' | 'commit' | 'rollback' | undefined;
  /** The text is BEGIN and nothing else. */
  bareBegin: boolean;
  mayWrite: boolean;
  account: boolean;
};
const statementKinds = new Map<string, StatementKind>();

function kindOf(text: string): StatementKind {
  const known = statementKinds.get(text);
  if (known) return known;
  const ends = /^\s*(begin|start\s+transaction)\b/i.test(text)
    ? 'begin'
    : /^\s*commit\b/i.test(text)
      ? 'commit'
      : /^\s*rollback\b(?!\s+to\b)/i.test(text)
        ? 'rollback'
        : undefined;
  const kind = {
    ends,
    bareBegin: /^\s*begin\s*$/i.test(text),
    mayWrite: mayWrite.test(text),
    account: accountTables.test(text),
  } as const;
  if (statementKinds.size < maxStatementNames) statementKinds.set(text, kind);
  return kind;
}

function writeScopeOf(kind: StatementKind | undefined, result: unknown): WriteScope | undefined {
  const command = (result as { command?: string } | undefined)?.command;
  if (command && readCommands.has(command) && !(command === 'SELECT' && kind?.mayWrite)) return undefined;
  return !kind || kind.account ? 'account' : 'data';
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
  /** The widest scope the open transaction wrote in, told when it commits. */
  #inTransaction = false;
  #written: WriteScope | undefined;

  #noteWrite(kind: StatementKind | undefined, result: unknown, failed = false) {
    if (kind?.ends === 'begin') {
      this.#inTransaction = !failed;
      this.#written = undefined;
      return;
    }
    if (kind?.ends) {
      const written = kind.ends === 'commit' && !failed ? this.#written : undefined;
      this.#inTransaction = false;
      this.#written = undefined;
      if (written) for (const listener of onWriteDone) listener(written);
      return;
    }
    const scope = failed ? undefined : writeScopeOf(kind, result);
    if (!scope) return;
    if (this.#inTransaction) {
      if (this.#written !== 'account') this.#written = scope;
      return;
    }
    for (const listener of onWriteDone) listener(scope);
  }

  /** The arguments with a callback (as pg.Pool's query passes one) that notes a write first. */
  #noting(args: unknown[], kind: StatementKind | undefined): unknown[] {
    const callback = args.at(-1);
    if (onWriteDone.size === 0 || typeof callback !== 'function') return args;
    return [
      ...args.slice(0, -1),
      (error: unknown, result: unknown) => {
        this.#noteWrite(kind, result, Boolean(error));
        (callback as (error: unknown, result: unknown) => void)(error, result);
      },
    ];
  }

  override query(...args: unknown[]): never {
    const send = (...all: unknown[]) => (super.query as (...inner: unknown[]) => never).apply(this, all);
    const parts = partsOf(args);
    const text = parts.config?.text;
    const kind = typeof text === 'string' ? kindOf(text) : undefined;
    if (this.pipeline && isPlainBegin(args, parts, kind)) {
      this.holdWrites();
      const answer = send(...args) as Promise<unknown>;
      answer.catch(() => undefined);
      this.#begin = answer;
      if (onWriteDone.size > 0) this.#noteWrite(kind, begun);
      return Promise.resolve(begun) as never;
    }
    const sent: unknown = send(...this.#noting(named(args, parts), kind));
    const answer =
      sent instanceof Promise && onWriteDone.size > 0
        ? sent.then(
            (result: unknown) => {
              this.#noteWrite(kind, result);
              return result;
            },
            (error: unknown) => {
              this.#noteWrite(kind, undefined, true);
              throw error;
            },
          )
        : sent;
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

import type pg from 'pg';
import type { Database } from '../src/db/client.ts';

/** A statement sent, whether as a named prepared statement, and the write that carried it to the server. */
export type LoggedQuery = { text: string; prepared: boolean; write: string };

type WireConnection = {
  stream: { _write: (...args: unknown[]) => void; _writev?: (...args: unknown[]) => void };
  parse: (message: { text: string; name?: string }) => void;
  bind: (message: { statement?: string }) => void;
  query: (text: string) => void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
};

/**
 * Records every statement the app's pool runs while `work` runs: its text
 * and whether it ran as a named (server-side prepared) statement. Only our database is watched,
 * not the job queue's.
 */
export function watchQueries(db: Database) {
  const log: LoggedQuery[] = [];
  let recording = false;
  const wrapped = new WeakSet<pg.Client>();
  let connections = 0;
  // Watched on the wire: a Bind names the prepared statement it runs ('' is an unnamed, one-off
  // statement); a simple Query carries text without parameters.
  const watch = (client: pg.Client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const connection = (client as unknown as { connection: WireConnection }).connection;
    const { parse, bind, query, stream } = connection;
    let unnamedText = '';
    // Statements logged between two writes of the socket leave in the same write (held by cork).
    const id = (connections += 1);
    let writes = 0;
    const write = () => `${id}.${writes}`;
    for (const method of ['_write', '_writev'] as const) {
      const original = stream[method];
      if (!original) continue;
      stream[method] = (...args: unknown[]) => {
        writes += 1;
        original.apply(stream, args);
      };
    }
    connection.parse = (message) => {
      if (!message.name) unnamedText = message.text;
      parse.call(connection, message);
    };
    connection.bind = (message) => {
      if (recording) {
        const name = message.statement ?? '';
        const text = name
          ? (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name] ?? name)
          : unnamedText;
        log.push({ text, prepared: name !== '', write: write() });
      }
      bind.call(connection, message);
    };
    connection.query = (text) => {
      if (recording) log.push({ text, prepared: false, write: write() });
      query.call(connection, text);
    };
  };
  db.$client.on('acquire', watch);
  return {
    async during<T>(work: () => Promise<T>): Promise<{ result: T; queries: LoggedQuery[] }> {
      log.length = 0;
      recording = true;
      try {
        const result = await work();
        return { result, queries: [...log] };
      } finally {
        recording = false;
      }
    },
  };
}

const transactionControl = /^\s*(begin|commit|rollback|savepoint|release)/i;

/** The statements that carry data, leaving out begin/commit/savepoint. */
export const dataQueries = (queries: LoggedQuery[]) => queries.filter((query) => !transactionControl.test(query.text));

/** The statements with parameters: the ones a generic plan is made for, and the ones worth planning. */
export const parameterised = (texts: Iterable<string>) => [...texts].filter((text) => /\$1\b/.test(text));

// Tables that hold reference data, a few hundred rows at most whoever signs up.
const referenceTables = new Set([
  'platform_settings',
  'currencies',
  'fx_rates',
  'countries',
  'states',
  'cities',
  'assets',
  'asset_quotes',
  'savings_products',
]);

/**
 * The tables that grow with users which a statement's generic plan reads whole. With scans switched
 * off, PostgreSQL still plans one where no index serves: the plan shows it.
 */
export async function tablesScanned(db: Database, statements: string[]): Promise<string[]> {
  const client = await db.$client.connect();
  const scans: string[] = [];
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    for (const text of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (generic_plan) ${text}`);
      for (const { 'QUERY PLAN': line } of rows) {
        const table = /Seq Scan on (\w+)/.exec(line)?.[1];
        if (table && !referenceTables.has(table)) scans.push(`${table}: ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
      }
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return scans;
}

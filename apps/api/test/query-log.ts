import type pg from 'pg';
import type { Database } from '../src/db/client.ts';

export type LoggedQuery = { text: string; prepared: boolean };

/**
 * Records every statement the app's pool sends while `work` runs: its text and whether it went as a
 * named (server-side prepared) statement. Only our pool is watched, not the job queue's.
 */
export function watchQueries(db: Database) {
  const log: LoggedQuery[] = [];
  let recording = false;
  const wrapped = new WeakSet<pg.PoolClient>();
  db.$client.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (recording) {
        const first = args[0] as string | { text: string; name?: string };
        log.push(
          typeof first === 'string' ? { text: first, prepared: false } : { text: first.text, prepared: !!first.name },
        );
      }
      return original(...args);
    };
  });
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

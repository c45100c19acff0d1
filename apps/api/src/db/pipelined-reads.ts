import { EventEmitter } from 'node:events';
import pg from 'pg';
import { PreparingClient } from './preparing-client.ts';

/** What drizzle calls to run a statement (`query`), with what the pool and tests need beside it. */
export type PipelinedReads = Pick<pg.Client, 'query'> &
  EventEmitter<{ open: [client: pg.Client] }> & {
    /** The connections open now, for a watcher that arrives after they opened. */
    clients: () => pg.Client[];
    end: () => Promise<void>;
  };

/** An error of the connection (a socket error, or PostgreSQL ending the session), not of the statement. */
function connectionLost(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return error.severity === 'FATAL' || error.severity === 'PANIC';
}

/**
 * Single-statement reads made outside any transaction (`hotQuery`, `readerOf`: the token read of
 * every signed-in request among them) go over a few connections in pipeline mode: each is written
 * at once behind those still waiting for their answers, with its own Sync, so it is its own
 * implicit transaction and an error fails only that read. Through the pool, each statement waits
 * for a free connection and costs the API and a backend a wake-up of their own. Measured (2,000
 * users, A/B alternating on one database): API CPU per swap 332-351 -> 276-277 µs, PostgreSQL's
 * 473-501 -> 428-438 µs; a user include 1,186-1,322 -> 2,745-3,226 req/s. One connection gave the
 * most on two cores, four 25% less; two that fill in turn match one there and leave a larger
 * machine room. Only reads go here: they take no row locks, so none waits on another transaction
 * and holds up the reads queued behind it.
 */
export function createPipelinedReads(connectionString: string, connections = 2, depth = 16): PipelinedReads {
  const open: (PreparingClient | undefined)[] = Array.from({ length: connections }, () => undefined);
  const inFlight = new Array<number>(connections).fill(0);
  let ended = false;
  const events = new EventEmitter<{ open: [client: pg.Client] }>();

  function connect(slot: number): PreparingClient {
    const client = new PreparingClient({
      connectionString,
      pipeline: true,
      connectionTimeoutMillis: 10_000,
      // A read stuck this long would hold up every read behind it on the connection.
      statement_timeout: 10_000,
    });
    // A connection that fails fails the reads on it (pg answers each with the error); the next read opens another.
    const forget = () => {
      if (open[slot] === client) open[slot] = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    client.connect().catch(forget);
    open[slot] = client;
    events.emit('open', client);
    return client;
  }

  /**
   * The first connection with room: reads queue on one connection (the more behind each other, the
   * fewer wake-ups on both sides) until it has `depth` waiting, then spill to the next.
   */
  function withRoom(): number {
    let best = 0;
    for (let slot = 0; slot < connections; slot += 1) {
      if ((inFlight[slot] ?? 0) < depth) return slot;
      if ((inFlight[slot] ?? 0) < (inFlight[best] ?? 0)) best = slot;
    }
    return best;
  }

  /** Runs a read; `again` is the slot of a connection just lost, where a new one is opened for the read once more. */
  async function run(args: unknown[], again?: number): Promise<unknown> {
    if (ended) throw new Error('The database reads were closed.');
    const slot = again ?? withRoom();
    const client = open[slot] ?? connect(slot);
    inFlight[slot] = (inFlight[slot] ?? 0) + 1;
    // The reads of this turn of the event loop, the token reads of other requests among them,
    // leave in one write instead of one each. Measured at 600 requests a second (2,000 users):
    // writes per user include 8.0 -> 1.4 and the API's CPU per request 7% lower; per analytics
    // 9.1 -> 1.6 and 9% lower.
    client.holdWrites();
    try {
      return await (client.query as (...inner: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      // A read is safe to send again: once on a new connection when its own was lost under it
      // (a restarted server, a cut connection), not when PostgreSQL answered it with an error.
      if (again !== undefined || !connectionLost(error)) throw error;
      if (open[slot] === client) {
        open[slot] = undefined;
        client.end().catch(() => undefined);
      }
      return await run(args, slot);
    } finally {
      inFlight[slot] = (inFlight[slot] ?? 1) - 1;
    }
  }

  return Object.assign(events, {
    query: ((...args: unknown[]) => run(args)) as unknown as pg.Client['query'],
    clients: () => open.filter((client): client is PreparingClient => client !== undefined),
    async end() {
      ended = true;
      await Promise.all(open.map(async (client) => client?.end().catch(() => undefined)));
    },
  });
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { onWriteDone, type WriteScope } from './preparing-client.ts';

const channel = 'user_changes';
/** The user named by a change of prices or exchange rates (migration 0015). */
const pricesChanged = '00000000-0000-0000-0000-000000000000';

export type Dropped = ReadonlySet<string> | 'everyone';
/**
 * What a kept answer reads: a user's account (who they are, their tokens: a kept session), or
 * anything of theirs. A swap changes the second and not the first.
 */
export type KeptScope = 'account' | 'any';

type Options = {
  /** How often the feed reads the changes when nothing asks it to sooner. */
  pollMs?: number;
  /** Kept answers are served only while the latest read of the changes is at most this old. */
  silenceMs?: number;
  /** Rows of user_changes older than this are deleted. */
  keepMs?: number;
  log?: { error: (details: object, message: string) => void };
};

/**
 * Which users' data changed since this process last looked, for what it keeps of them (sessions,
 * answers: db/kept-by-user.ts). Triggers (migration 0015) write the user of every changed row of a
 * user's table into user_changes, and null for a change every user's answers read. The feed reads
 * the rows committed since its last read: those of every transaction at or after the oldest one
 * still running then (pg_snapshot_xmin), so a transaction that commits late is read on the next
 * turn, and one read twice only drops its users twice.
 *
 * A kept answer is served only after a read that started after every write this process finished
 * (read-your-writes in one process); a write here pokes the other processes over NOTIFY, outside
 * the write's transaction, so that they read at once (a NOTIFY inside it made PostgreSQL commit the
 * swaps one at a time). Without its connection the feed serves nothing kept, and on every new
 * connection it drops everything.
 */
export function createChangeFeed(connectionString: string, options: Options = {}) {
  const { pollMs = 50, silenceMs = 1000, keepMs = 30_000, log } = options;
  const tag = randomUUID().slice(0, 8);
  const dropListeners = new Set<{ scope: KeptScope; listener: (dropped: Dropped) => void }>();
  const priceListeners = new Set<() => Promise<void>>();
  const pricesRead = () => Promise.all([...priceListeners].map((listener) => listener()));
  let client: pg.Client | undefined;
  let live = false;
  let stopped = true;
  /** The oldest transaction id whose changes may not be read yet. */
  let horizon = '0';
  /** Earlier horizons, to delete the rows before the one of `keepMs` ago. */
  const pastHorizons: { at: number; horizon: string }[] = [];
  /**
   * Bumped by every write this process finishes and every poke from another: `any` by each,
   * `account` by those that may have changed an account. `seen` holds their values when the latest
   * finished read started.
   */
  const asked: Record<KeptScope, number> = { account: 0, any: 0 };
  const seen: Record<KeptScope, number> = { account: 0, any: 0 };
  let lastReadAt = 0;
  let reading: Promise<void> | undefined;
  let again = false;
  let waiting: { scope: KeptScope; upTo: number; resolve: (ok: boolean) => void }[] = [];
  let othersSeen = false;
  let pokeDue = false;
  let timer: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  let epoch = 0;
  const everyoneDroppedAt: Record<KeptScope, number> = { account: 0, any: 0 };
  const droppedAt: Record<KeptScope, Map<string, number>> = { account: new Map(), any: new Map() };

  /** Drops a scope's answers: an account's change drops everything kept of the user, a data change only the `any` scope. */
  function drop(scope: KeptScope, dropped: Dropped) {
    epoch += 1;
    for (const affected of scope === 'account' ? (['account', 'any'] as const) : (['any'] as const)) {
      const byUser = droppedAt[affected];
      if (dropped === 'everyone' || byUser.size > 200_000) {
        everyoneDroppedAt[affected] = epoch;
        byUser.clear();
      } else for (const userId of dropped) byUser.set(userId, epoch);
    }
    for (const { scope: kept, listener } of dropListeners) if (scope === 'account' || kept === 'any') listener(dropped);
  }

  /** Whether what is kept may be served at once, with no read to wait for: ready() without its wait. */
  const readyNow = (scope: KeptScope) => live && seen[scope] === asked[scope] && Date.now() - lastReadAt < silenceMs;

  function settle(ok: boolean) {
    const still: typeof waiting = [];
    for (const waiter of waiting) {
      if (!ok) waiter.resolve(false);
      else if (waiter.upTo <= seen[waiter.scope]) waiter.resolve(true);
      else still.push(waiter);
    }
    waiting = still;
  }

  async function readOnce(connection: pg.Client) {
    const started = { ...asked };
    const { rows } = await connection.query<{ horizon: string; account: string[]; data: string[] }>({
      name: 'user_changes_since',
      text: `select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
        array(select distinct coalesce(user_id::text, '*') from user_changes where xid >= $1::xid8 and account) as account,
        array(select distinct coalesce(user_id::text, '*') from user_changes where xid >= $1::xid8 and not account) as data`,
      values: [horizon],
    });
    const [row] = rows;
    if (!row) return;
    const data = row.data.filter((userId) => userId !== pricesChanged);
    // What is kept is valued at the new prices only once they are read.
    if (data.length < row.data.length) await pricesRead();
    for (const [scope, users] of [
      ['account', row.account],
      ['any', data],
    ] as const) {
      if (users.includes('*')) drop(scope, 'everyone');
      else if (users.length > 0) drop(scope, new Set(users));
    }
    horizon = row.horizon;
    Object.assign(seen, started);
    lastReadAt = Date.now();
    // One horizon a second is noted, whatever the rate of reads (many a second under load).
    if ((pastHorizons.at(-1)?.at ?? 0) <= lastReadAt - 1000) pastHorizons.push({ at: lastReadAt, horizon });
    const old = pastHorizons.findLast((past) => past.at <= lastReadAt - keepMs);
    if (old) {
      pastHorizons.splice(0, pastHorizons.indexOf(old) + 1);
      await connection.query('delete from user_changes where xid < $1::xid8', [old.horizon]);
    }
  }

  /** Read again: asked for while reading, or a waiter asked after the read began (both change during it). */
  const wantedAgain = () => live && (again || waiting.length > 0);

  function read() {
    if (reading) {
      again = true;
      return;
    }
    const connection = client;
    if (!connection || !live) return;
    reading = (async () => {
      try {
        do {
          again = false;
          await readOnce(connection);
          settle(true);
        } while (wantedAgain());
      } catch (error) {
        log?.error({ err: error }, 'reading user changes failed; reconnecting');
        lose(connection);
      } finally {
        reading = undefined;
      }
    })();
  }

  function lose(connection: pg.Client) {
    if (client !== connection) return;
    client = undefined;
    live = false;
    drop('account', 'everyone');
    settle(false);
    connection.removeAllListeners('notification');
    connection.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect(), 1000).unref();
  }

  async function connect() {
    const connection = new pg.Client({ connectionString, application_name: 'itrust change feed' });
    connection.on('error', () => lose(connection));
    connection.on('end', () => lose(connection));
    connection.on('notification', (message) => {
      const [kind, from] = (message.payload ?? '').split(':');
      if (from === tag) return;
      // 'db': a trigger (an account changed), from any process; otherwise another process's tag.
      if (from !== 'db') othersSeen = true;
      if (kind === 'hello') void notify('data');
      if (kind !== 'data') asked.account += 1;
      asked.any += 1;
      read();
    });
    try {
      client = connection;
      await connection.connect();
      await connection.query(`listen ${channel}`);
      const { rows } = await connection.query<{ horizon: string }>(
        'select pg_snapshot_xmin(pg_current_snapshot())::text as horizon',
      );
      horizon = rows[0]?.horizon ?? '0';
      await pricesRead();
      pastHorizons.length = 0;
      Object.assign(seen, asked);
      lastReadAt = Date.now();
      drop('account', 'everyone');
      live = true;
      await notify('hello');
    } catch (error) {
      log?.error({ err: error }, 'listening for user changes failed; trying again');
      lose(connection);
    }
  }

  /** hello: this process listens; data: a write here may have changed a user's data. */
  async function notify(kind: 'hello' | 'data') {
    await client?.query('select pg_notify($1, $2)', [channel, `${kind}:${tag}`]).catch(() => undefined);
  }

  /** A write in this process finished: what is kept is served again only after the next read. */
  function noteWrite(scope: WriteScope) {
    if (scope === 'account') asked.account += 1;
    asked.any += 1;
    // An account's change tells the other processes itself (migration 0015); one poke for the data
    // writes of a millisecond.
    if (scope === 'account' || !othersSeen || pokeDue || !live) return;
    pokeDue = true;
    setTimeout(() => {
      pokeDue = false;
      void notify('data');
    }, 1).unref();
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      onWriteDone.add(noteWrite);
      timer = setInterval(() => {
        if (live && Date.now() - lastReadAt >= pollMs) read();
      }, pollMs).unref();
      await connect();
    },
    async stop() {
      stopped = true;
      onWriteDone.delete(noteWrite);
      clearInterval(timer);
      clearTimeout(retry);
      const connection = client;
      if (connection) {
        lose(connection);
        await reading?.catch(() => undefined);
      }
    },
    /**
     * True when what is kept may be served now, false when it may not (no connection), or a
     * promise of either once the read that every finished write asks for is done.
     */
    ready(scope: KeptScope): boolean | Promise<boolean> {
      if (!live) return false;
      if (readyNow(scope)) return true;
      const upTo = asked[scope];
      return new Promise<boolean>((resolve) => {
        waiting.push({ scope, upTo, resolve });
        read();
      });
    },
    readyNow,
    /** Taken before reading what is to be kept: see changedSince. */
    mark: () => epoch,
    /** Whether the user's answers of the scope were dropped after `mark`: an answer read before then is not kept. */
    changedSince: (scope: KeptScope, userId: string, mark: number) =>
      everyoneDroppedAt[scope] > mark || (droppedAt[scope].get(userId) ?? 0) > mark,
    onDrop(scope: KeptScope, listener: (dropped: Dropped) => void) {
      dropListeners.add({ scope, listener });
    },
    /** `listener` reads the prices again; nothing kept is served until it has, after any change of them. */
    onPrices(listener: () => Promise<void>) {
      priceListeners.add(listener);
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

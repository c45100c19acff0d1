import type { ChangeFeed, Dropped, KeptScope } from './change-feed.ts';

type Entry<Value> = { userId: string; value: Value; storedAt: number };

/**
 * Answers kept per key, each belonging to one user, and dropped when the change feed says that
 * user's data changed (or everybody's). An answer is kept only when no change to its user arrived
 * while it was being read, and never longer than `maxAgeMs` (what depends on the time of day, such as
 * the last 24 hours' interest, is read again at least that often).
 */
export function createKeptByUser<Value>(
  feed: ChangeFeed,
  options: { scope: KeptScope; maxAgeMs: number; maxEntries: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<Value>>();
  const keysOf = new Map<string, Set<string>>();

  const remove = (key: string, entry: Entry<Value>) => {
    entries.delete(key);
    const keys = keysOf.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.userId);
  };

  feed.onDrop(options.scope, (dropped: Dropped) => {
    if (dropped === 'everyone') {
      entries.clear();
      keysOf.clear();
      return;
    }
    for (const userId of dropped) {
      for (const key of keysOf.get(userId) ?? []) entries.delete(key);
      keysOf.delete(userId);
    }
  });

  function store(key: string, entry: Entry<Value>) {
    const earlier = entries.get(key);
    if (earlier) remove(key, earlier);
    if (entries.size >= options.maxEntries) {
      const [oldestKey, oldest] = entries.entries().next().value ?? [];
      if (oldestKey !== undefined && oldest) remove(oldestKey, oldest);
    }
    entries.set(key, entry);
    const keys = keysOf.get(entry.userId);
    if (keys) keys.add(key);
    else keysOf.set(entry.userId, new Set([key]));
  }

  /** A kept entry young enough, and one `current` does not find out of date. */
  const usable = (entry: Entry<Value>, current: (value: Value) => boolean) =>
    now() - entry.storedAt < options.maxAgeMs && current(entry.value);

  /** The answer kept under `key` when it may be served at once, with no wait for the change feed. */
  function keptNow(key: string): Value | undefined {
    if (!feed.readyNow(options.scope)) return undefined;
    const kept = entries.get(key);
    return kept && usable(kept, () => true) ? kept.value : undefined;
  }

  return {
    keptNow,
    /**
     * The answer kept under `key`, or the one `read` finds (with the user it belongs to), kept when
     * it may be (in place of one that `current` finds out of date). `read` answering undefined keeps
     * nothing.
     */
    async answer(
      key: string,
      read: () => Promise<{ userId: string; value: Value } | undefined>,
      current: (value: Value) => boolean = () => true,
    ) {
      const ready = feed.ready(options.scope);
      const servable = ready === true || (ready !== false && (await ready));
      if (servable) {
        const kept = entries.get(key);
        if (kept && usable(kept, current)) return kept.value;
        if (kept) remove(key, kept);
      }
      const mark = feed.mark();
      const storedAt = now();
      const found = await read();
      if (found && servable && !feed.changedSince(options.scope, found.userId, mark))
        store(key, { userId: found.userId, value: found.value, storedAt });
      return found?.value;
    },
  };
}

export type KeptByUser<Value> = ReturnType<typeof createKeptByUser<Value>>;

/**
 * Answers of a user's data (scope `any`), when the process keeps answers: for at most a minute, as
 * the last 24 hours' interest and this year's contributions move with the clock.
 */
export function keptUserAnswers<Value>(feed: ChangeFeed | undefined): KeptByUser<Value> | undefined {
  return feed && createKeptByUser<Value>(feed, { scope: 'any', maxAgeMs: 60_000, maxEntries: 50_000 });
}

/** The user's answer under `key`, kept in `kept` when there is one; `read` always finds it. */
export async function keptOr<Value>(
  kept: KeptByUser<Value> | undefined,
  userId: string,
  key: string,
  read: () => Promise<Value>,
  current?: (value: Value) => boolean,
): Promise<Value> {
  if (!kept) return read();
  return (await kept.answer(key, async () => ({ userId, value: await read() }), current)) as Value;
}

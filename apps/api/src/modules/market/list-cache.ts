/**
 * The asset list as anyone not signed in sees it is the same for everybody and changes with each
 * market tick, so its serialised answers are kept per query until the next tick, and never longer
 * than `maxAgeMs` in case a tick notice is missed. Signed-in callers always read fresh rows: their
 * stars and the watcher counts they just changed must show at once.
 */
export function createListCache<Body>(options: { maxAgeMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { body: Body; storedAt: number; tick: number }>();
  let tick = 0;

  return {
    /** A new tick: every kept answer is out of date. */
    advance() {
      tick += 1;
    },
    async answer(key: string, compute: () => Promise<Body>): Promise<Body> {
      const kept = entries.get(key);
      if (kept && kept.tick === tick && now() - kept.storedAt < options.maxAgeMs) return kept.body;
      const startedAt = now();
      const startedTick = tick;
      const body = await compute();
      // Any query text can be a key (a symbol filter): past the cap the oldest answers go first.
      if (entries.size >= options.maxEntries && !entries.has(key)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(key);
      entries.set(key, { body, storedAt: startedAt, tick: startedTick });
      return body;
    },
  };
}

export type ListCache<Body> = ReturnType<typeof createListCache<Body>>;

/**
 * Answers that change only with a market tick: the asset lists (the same for everybody but the
 * stars, which a signed-in caller's copy reads live on top: market.routes.ts, assetsAnswer), the
 * chart points and the price bars that value positions on the net-worth chart. Each is kept per key
 * until the next tick, and never longer than `maxAgeMs` in case a tick notice is missed.
 */
export function createTickCache<Body>(options: { maxAgeMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { body: Body; storedAt: number; tick: number }>();
  let tick = 0;

  const fresh = (key: string) => {
    const kept = entries.get(key);
    return kept && kept.tick === tick && now() - kept.storedAt < options.maxAgeMs ? kept : undefined;
  };

  /** Answers for every key; the missing ones are computed together, once. */
  async function answerMany(
    keys: string[],
    compute: (missing: string[]) => Promise<Map<string, Body>>,
  ): Promise<Map<string, Body>> {
    const answers = new Map<string, Body>();
    const missing: string[] = [];
    for (const key of keys) {
      const kept = fresh(key);
      if (kept) answers.set(key, kept.body);
      else missing.push(key);
    }
    if (missing.length === 0) return answers;
    const startedAt = now();
    const startedTick = tick;
    const computed = await compute(missing);
    for (const key of missing) {
      const body = computed.get(key);
      if (body === undefined) continue;
      answers.set(key, body);
      // Any query text can be a key (a symbol filter): past the cap the oldest answers go first.
      if (entries.size >= options.maxEntries && !entries.has(key)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(key);
      entries.set(key, { body, storedAt: startedAt, tick: startedTick });
    }
    return answers;
  }

  return {
    /** A new tick: every kept answer is out of date. */
    advance() {
      tick += 1;
    },
    answerMany,
    async answer(key: string, compute: () => Promise<Body>): Promise<Body> {
      // A hit skips the batch's allocations: this is the public asset list's every request.
      const kept = fresh(key);
      if (kept) return kept.body;
      const answers = await answerMany([key], async () => new Map([[key, await compute()]]));
      return answers.get(key) as Body;
    },
  };
}

export type TickCache<Body> = ReturnType<typeof createTickCache<Body>>;

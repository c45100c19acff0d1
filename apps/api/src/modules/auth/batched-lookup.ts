import { AsyncResource } from 'node:async_hooks';

/**
 * Lookups by key that arrive while an earlier batch is on its way wait for it to return and then
 * leave together, as one call of `load` (at most `largest` keys); a lookup that finds nothing on its
 * way leaves at once. Every batch is sent after each of its lookups was asked for, so it sees
 * everything committed before them: a token revoked before a request arrives is never found for it.
 */
export function batchedLookup<Value>(load: (keys: string[]) => Promise<Map<string, Value>>, largest = 100) {
  type Waiting = { key: string; resolve: (value: Value | undefined) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let sending = false;

  // A batch serves many requests, so it runs in the context the lookup was made in (at start-up),
  // never in that of the request whose lookup set it off: inside a request's transaction the read
  // would join that transaction (db/client.ts), on its connection.
  const send = AsyncResource.bind(async () => {
    sending = true;
    const batch = queue.slice(0, largest);
    queue = queue.slice(largest);
    try {
      const found = await load([...new Set(batch.map((waiting) => waiting.key))]);
      for (const waiting of batch) waiting.resolve(found.get(waiting.key));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      sending = false;
      if (queue.length > 0) void send();
    }
  });

  return (key: string) =>
    new Promise<Value | undefined>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (!sending) void send();
    });
}

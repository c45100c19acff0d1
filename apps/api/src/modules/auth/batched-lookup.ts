import { createBatches } from '../../lib/batches.ts';

/**
 * Lookups by key that arrive while an earlier batch is on its way wait for it to return and then
 * leave together, as one call of `load` (at most `largest` keys); a lookup that finds nothing on its
 * way leaves at once. Every batch is sent after each of its lookups was asked for, so it sees
 * everything committed before them: a token revoked before a request arrives is never found for it.
 */
export function batchedLookup<Value>(load: (keys: string[]) => Promise<Map<string, Value>>, largest = 100) {
  const batches = createBatches(
    async (keys: string[]) => {
      const found = await load([...new Set(keys)]);
      return keys.map((key): PromiseFulfilledResult<Value | undefined> => ({
        status: 'fulfilled',
        value: found.get(key),
      }));
    },
    { inFlight: 1, maxSize: largest },
  );
  return (key: string) => batches.submit(key);
}

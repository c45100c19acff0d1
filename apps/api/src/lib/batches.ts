import { AsyncResource } from 'node:async_hooks';

/**
 * Runs `write` on the items submitted, several at once: while `inFlight` writes are under way, what
 * arrives waits, and the next write takes up to `maxSize` of the waiting items together. An item
 * that arrives when a write is free goes at once, alone, so nothing waits for a batch to fill, and
 * every batch leaves after each of its items was submitted. `write` settles every item of its
 * batch, in the batch's order.
 */
export function createBatches<Item, Result>(
  write: (items: Item[]) => Promise<PromiseSettledResult<Result>[]>,
  options: { inFlight: number; maxSize: number },
) {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (reason: unknown) => void };
  let waiting: Waiting[] = [];
  let writing = 0;

  // A write serves many callers, so it runs in the context the batches were made in (at start-up),
  // never in that of the caller whose item set it off: inside a request's transaction its
  // statements would join that transaction (db/client.ts), on its connection.
  const settle = AsyncResource.bind(async (batch: Waiting[]) => {
    let results: PromiseSettledResult<Result>[];
    try {
      results = await write(batch.map((waiter) => waiter.item));
    } catch (error) {
      results = batch.map(() => ({ status: 'rejected', reason: error }));
    }
    batch.forEach((waiter, index) => {
      const result = results[index];
      if (result?.status === 'fulfilled') waiter.resolve(result.value);
      else waiter.reject(result ? result.reason : new Error('the batch left this item without a result'));
    });
  });

  function next() {
    while (writing < options.inFlight && waiting.length > 0) {
      const batch = waiting.slice(0, options.maxSize);
      waiting = waiting.slice(batch.length);
      writing += 1;
      void settle(batch).finally(() => {
        writing -= 1;
        next();
      });
    }
  }

  return {
    submit(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        next();
      });
    },
  };
}

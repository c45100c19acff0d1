import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

/** A load that answers each key with its upper case when released, and notes every batch it was given. */
function controlledLoad() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const load = (keys: string[]) => {
    batches.push(keys);
    return new Promise<Map<string, string>>((resolve) => {
      releases.push(() =>
        resolve(new Map(keys.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]))),
      );
    });
  };
  const releaseNext = async () => {
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, load, releaseNext };
}

describe('batchedLookup', () => {
  it('sends a lookup at once when none is on its way, and the lookups asked meanwhile together after it', async () => {
    const { batches, load, releaseNext } = controlledLoad();
    const find = batchedLookup(load);
    const first = find('a');
    expect(batches).toEqual([['a']]);
    const waiting = ['b', 'c', 'b', 'gone'].map((key) => find(key));
    // Asked while 'a' was on its way: not in its batch, which may have read before they were asked.
    expect(batches).toEqual([['a']]);
    await releaseNext();
    expect(await first).toBe('A');
    expect(batches).toEqual([['a'], ['b', 'c', 'gone']]);
    await releaseNext();
    expect(await Promise.all(waiting)).toEqual(['B', 'C', 'B', undefined]);
    const last = find('d');
    expect(batches.at(-1)).toEqual(['d']);
    await releaseNext();
    expect(await last).toBe('D');
  });

  it('sends at most the largest batch at a time', async () => {
    const { batches, load, releaseNext } = controlledLoad();
    const find = batchedLookup(load, 2);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((key) => find(key));
    for (let batch = 0; batch < 3; batch += 1) await releaseNext();
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('fails every lookup of a failed batch, and the next batch still goes', async () => {
    let calls = 0;
    const find = batchedLookup(async (keys) => {
      calls += 1;
      await Promise.resolve();
      if (calls <= 2) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key]));
    });
    const first = find('a');
    const second = [find('b'), find('c')];
    await expect(first).rejects.toThrow('connection lost');
    for (const lookup of second) await expect(lookup).rejects.toThrow('connection lost');
    expect(await find('d')).toBe('d');
  });

  it("runs every batch in the context it was made in, never in a caller's (a caller's transaction)", async () => {
    const ambient = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const find = batchedLookup(async (keys) => {
      seen.push(ambient.getStore());
      await new Promise((resolve) => setImmediate(resolve));
      return new Map(keys.map((key) => [key, key]));
    });
    await Promise.all([
      ambient.run('transaction of request 1', () => find('a')),
      ambient.run('transaction of request 2', () => find('b')),
    ]);
    expect(seen).toEqual([undefined, undefined]);
  });
});

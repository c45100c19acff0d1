import { describe, expect, it } from 'vitest';
import { createTickCache } from './tick-cache.ts';

describe('the tick cache', () => {
  let time = 0;
  const cache = () => createTickCache<string>({ maxAgeMs: 1000, maxEntries: 2, now: () => time });
  const counting = () => {
    let calls = 0;
    return { compute: async () => `answer ${(calls += 1)}`, calls: () => calls };
  };

  it('computes an answer once per query until the next tick', async () => {
    time = 0;
    const list = cache();
    const source = counting();
    expect(await list.answer('a', source.compute)).toBe('answer 1');
    expect(await list.answer('a', source.compute)).toBe('answer 1');
    list.advance();
    expect(await list.answer('a', source.compute)).toBe('answer 2');
    expect(source.calls()).toBe(2);
  });

  it('never keeps an answer longer than its age limit, even without a tick', async () => {
    time = 0;
    const list = cache();
    const source = counting();
    await list.answer('a', source.compute);
    time = 999;
    expect(await list.answer('a', source.compute)).toBe('answer 1');
    time = 1000;
    expect(await list.answer('a', source.compute)).toBe('answer 2');
  });

  it('keeps at most its cap of queries, dropping the oldest', async () => {
    time = 0;
    const list = cache();
    const source = counting();
    await list.answer('a', source.compute);
    await list.answer('b', source.compute);
    await list.answer('c', source.compute);
    expect(await list.answer('b', source.compute)).toBe('answer 2');
    expect(await list.answer('a', source.compute)).toBe('answer 4');
  });

  it('does not keep an answer computed across a tick as current', async () => {
    time = 0;
    const list = cache();
    let release: () => void = () => undefined;
    const slow = list.answer('a', () => new Promise<string>((resolve) => (release = () => resolve('before'))));
    list.advance();
    release();
    expect(await slow).toBe('before');
    expect(await list.answer('a', async () => 'after')).toBe('after');
  });

  it('computes only the missing keys of a batch, together, and keeps them', async () => {
    time = 0;
    const cache = createTickCache<string>({ maxAgeMs: 1000, maxEntries: 10, now: () => time });
    const asked: string[][] = [];
    const compute = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.map((key) => [key, `${key}@${asked.length}`]));
    };
    expect([...(await cache.answerMany(['a'], compute))]).toEqual([['a', 'a@1']]);
    expect([...(await cache.answerMany(['a', 'b', 'c'], compute))].sort()).toEqual([
      ['a', 'a@1'],
      ['b', 'b@2'],
      ['c', 'c@2'],
    ]);
    await cache.answerMany(['b', 'c'], compute);
    expect(asked).toEqual([['a'], ['b', 'c']]);
    cache.advance();
    await cache.answerMany(['a', 'b'], compute);
    expect(asked.at(-1)).toEqual(['a', 'b']);
  });
});

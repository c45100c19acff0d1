import { describe, expect, it } from 'vitest';
import { createBatches } from './batches.ts';

/** A write that records each batch it was given and finishes when the test says so. */
function gatedWrites() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    return items.map((item): PromiseSettledResult<number> =>
      item < 0
        ? { status: 'rejected', reason: new Error(`refused ${item}`) }
        : { status: 'fulfilled', value: item * 10 },
    );
  };
  // Lets the write finish, and what it started next begin.
  const open = async () => {
    gates.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, open, write };
}

describe('batches', () => {
  it('writes a lone item at once, and what arrives meanwhile together in the next write', async () => {
    const { batches, open, write } = gatedWrites();
    const batched = createBatches(write, { inFlight: 1, maxSize: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map((item) => batched.submit(item));
    expect(batches).toEqual([[1]]);
    await open();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await open();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    await open();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('keeps as many writes under way as allowed', async () => {
    const { batches, open, write } = gatedWrites();
    const batched = createBatches(write, { inFlight: 2, maxSize: 10 });
    const answers = [1, 2, 3, 4].map((item) => batched.submit(item));
    expect(batches).toEqual([[1], [2]]);
    await open();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    await open();
    await open();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it("answers each item with its own result, and every item of a write that failed with the write's error", async () => {
    const { open, write } = gatedWrites();
    const batched = createBatches(write, { inFlight: 1, maxSize: 10 });
    const first = batched.submit(1);
    const refused = expect(batched.submit(-2)).rejects.toThrow('refused -2');
    const accepted = batched.submit(3);
    await open();
    expect(await first).toBe(10);
    await open();
    await refused;
    expect(await accepted).toBe(30);

    let calls = 0;
    const failing = createBatches(
      async (items: number[]): Promise<PromiseSettledResult<number>[]> => {
        calls += 1;
        if (items.length > 1) throw new Error('lost the connection');
        await new Promise((resolve) => setTimeout(resolve, 10));
        return [{ status: 'fulfilled', value: 0 }];
      },
      { inFlight: 1, maxSize: 10 },
    );
    const [alone, ...together] = [1, 2, 3].map((item) => failing.submit(item));
    const lost = together.map((answer) => expect(answer).rejects.toThrow('lost the connection'));
    await expect(alone).resolves.toBe(0);
    await Promise.all(lost);
    expect(calls).toBe(2);
  });
});

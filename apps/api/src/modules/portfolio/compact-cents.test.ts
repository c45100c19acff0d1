import { describe, expect, it } from 'vitest';
import { compactCents } from './net-worth.ts';

describe('the kept balances of a chart', () => {
  it('go into one typed array when every one fits in 64 bits', () => {
    const cents = [0n, -125n, 2n ** 63n - 1n, -(2n ** 63n)];
    const kept = compactCents(cents);
    expect(kept).toBeInstanceOf(BigInt64Array);
    expect([...kept]).toEqual(cents);
  });

  it('stay as they are when one would not fit, rather than wrap', () => {
    const cents = [10n, 2n ** 63n];
    const kept = compactCents(cents);
    expect(Array.isArray(kept)).toBe(true);
    expect([...kept]).toEqual(cents);
  });
});

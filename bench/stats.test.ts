import { describe, expect, it } from 'vitest';
import { median, pairedRatio, percentile } from './stats.ts';

describe('benchmark statistics', () => {
  it('takes the nearest-rank percentile, so p99 of 100 values is the 99th and not the largest', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('takes the median of an odd count, and of none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBe(0);
  });

  it('judges a scenario measured in turns with its baseline by the ratio of each run to the baseline run before it', () => {
    // The machine slows by half between the first and the last pair: the ratios stay 0.2.
    expect(pairedRatio([2_000, 1_500, 1_000], [10_000, 7_500, 5_000])).toBeCloseTo(0.2);
    // The median of the pairs: one disturbed pair does not decide.
    expect(pairedRatio([2_000, 3_000, 1_000], [10_000, 10_000, 10_000])).toBeCloseTo(0.2);
    expect(pairedRatio([], [])).toBe(0);
    expect(pairedRatio([2_000], [0])).toBe(0);
    expect(pairedRatio([2_000, 2_000], [10_000])).toBe(0);
  });
});

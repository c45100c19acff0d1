import { describe, expect, it } from 'vitest';
import { momentLabel, nearestIndex, timeLabel, timeTicks, valueRange, valueTicks } from './chart-scale';

const at = (text: string) => new Date(text).getTime() / 1000;

describe('valueRange', () => {
  it('leaves air around the values and never goes below zero', () => {
    expect(valueRange([100, 200])).toEqual({ min: 90, max: 215 });
    expect(valueRange([5, 1000]).min).toBe(0);
  });

  it('gives a series of zeros, or no values, 0 to 1 marked as zeros', () => {
    expect(valueRange([0, 0, 0])).toEqual({ min: 0, max: 1, allZero: true });
    expect(valueRange([])).toEqual({ min: 0, max: 1, allZero: true });
  });

  it('gives a flat series a band around its value', () => {
    const { min, max } = valueRange([50_000, 50_000]);
    expect(min).toBeLessThan(50_000);
    expect(max).toBeGreaterThan(50_000);
  });
});

describe('valueTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, inside the range', () => {
    expect(valueTicks({ min: 0, max: 1 })).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(valueTicks({ min: 99_990, max: 100_070 })).toEqual([100_000, 100_020, 100_040, 100_060]);
    expect(valueTicks({ min: 3, max: 97 })).toEqual([25, 50, 75]);
  });

  it('keeps decimal steps exact', () => {
    expect(valueTicks({ min: 0.1, max: 0.7 })).toEqual([0.2, 0.4, 0.6]);
    expect(valueTicks({ min: 0.25, max: 0.35 }, 5)).toEqual([0.26, 0.28, 0.3, 0.32, 0.34]);
  });

  it('marks only zero on a series of zeros', () => {
    expect(valueTicks(valueRange([0, 0, 0]))).toEqual([0]);
  });

  it('has nothing to mark on an empty range', () => {
    expect(valueTicks({ min: 5, max: 5 })).toEqual([]);
  });
});

describe('timeTicks', () => {
  it('marks whole hours within a day', () => {
    const first = at('2026-11-24T10:12:00');
    const { times, unit } = timeTicks(first, first + 24 * 3600, 5);
    expect(unit).toBe('time');
    expect(times.map((time) => timeLabel(time, unit))).toEqual(['12:00', '18:00', '00:00', '06:00']);
  });

  it('marks midnights over a week', () => {
    const { times, unit } = timeTicks(at('2026-11-18T15:00:00'), at('2026-11-25T15:00:00'), 4);
    expect(unit).toBe('day');
    expect(times.map((time) => timeLabel(time, unit))).toEqual(['20 Nov', '22 Nov', '24 Nov']);
  });

  it('marks Mondays over a month', () => {
    const { times, unit } = timeTicks(at('2026-10-26T15:00:00'), at('2026-11-25T15:00:00'), 5);
    expect(unit).toBe('day');
    expect(times.map((time) => new Date(time * 1000).getDay())).toEqual([1, 1, 1, 1]);
  });

  it('marks the first of a month over a year', () => {
    const { times, unit } = timeTicks(at('2025-11-25T15:00:00'), at('2026-11-25T15:00:00'), 6);
    expect(unit).toBe('month');
    expect(times.map((time) => timeLabel(time, unit))).toEqual(['Jan 2026', 'Apr 2026', 'Jul 2026', 'Oct 2026']);
  });

  it('has nothing to mark for a single moment', () => {
    expect(timeTicks(1000, 1000).times).toEqual([]);
  });
});

describe('nearestIndex', () => {
  const xs = [0, 10, 20, 30];
  it('finds the nearest point, the ends included', () => {
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 14)).toBe(1);
    expect(nearestIndex(xs, 16)).toBe(2);
    expect(nearestIndex(xs, 99)).toBe(3);
  });
});

describe('momentLabel', () => {
  it('says the day and the time', () => {
    expect(momentLabel(at('2026-11-24T14:05:00'))).toBe('24 Nov 2026, 14:05');
  });
});

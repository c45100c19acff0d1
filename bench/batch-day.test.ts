import { describe, expect, it } from 'vitest';
import { splitAtBatch } from './batch-day.ts';
import { mediansByEndpoint, type SteadyResult } from './steady.ts';

const day = (p99: number, endpoints: string[] = ['GET /a']): SteadyResult => ({
  sent: 10,
  rps: 10,
  count: 10,
  p50: 1,
  p99,
  errors: 0,
  endpoints: Object.fromEntries(endpoints.map((label) => [label, { count: 10, p50: 1, p99, errors: 0 }])),
});

describe('the day around a recurring-buy slot', () => {
  it('counts the runs before the first buy as without it, and every run from the first buy on as during it', () => {
    const [before, waiting, first, middle, last] = [day(10), day(11), day(40), day(60), day(30)];
    const split = splitAtBatch([
      { result: before, ranBefore: 0, ranAfter: 0 },
      { result: waiting, ranBefore: 0, ranAfter: 0 },
      { result: first, ranBefore: 0, ranAfter: 120 },
      { result: middle, ranBefore: 120, ranAfter: 120 },
      { result: last, ranBefore: 120, ranAfter: 500 },
    ]);
    expect(split.without).toEqual([before, waiting]);
    expect(split.during).toEqual([first, middle, last]);
  });

  it("takes each endpoint's medians over the runs, adding up its counts and errors", () => {
    const runs = [day(10, ['GET /a', 'GET /b']), day(30, ['GET /a']), { ...day(20, ['GET /a']), errors: 2 }];
    runs[2]!.endpoints['GET /a']!.errors = 2;
    expect(mediansByEndpoint(runs)).toEqual({
      'GET /a': { count: 30, p50: 1, p99: 20, errors: 2 },
      'GET /b': { count: 10, p50: 1, p99: 10, errors: 0 },
    });
    expect(mediansByEndpoint([])).toEqual({});
  });
});

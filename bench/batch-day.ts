import { mediansByEndpoint, type SteadyResult } from './steady.ts';
import { judgeDay } from './trading-day.ts';

/** One run of the day beside a batch, with how much of the batch had run before it and by its end. */
export type Segment = { result: SteadyResult; ranBefore: number; ranAfter: number };

/** The day's runs split at the batch: those before it began, and those it ran through. */
export function splitAtBatch(segments: Segment[]) {
  const during = segments.filter((segment) => segment.ranBefore > 0 || segment.ranAfter > 0);
  const without = segments.filter((segment) => !during.includes(segment));
  return { without: without.map((segment) => segment.result), during: during.map((segment) => segment.result) };
}

/**
 * The day judged without a batch and during it, each endpoint's medians beside the verdict: the
 * figures every batch scenario reports, and the line it prints.
 */
export function dayBesideBatch(segments: Segment[], rate: number) {
  const split = splitAtBatch(segments);
  const withoutEndpoints = mediansByEndpoint(split.without);
  const endpoints = mediansByEndpoint(split.during);
  const without = judgeDay(withoutEndpoints);
  const during = judgeDay(endpoints);
  return {
    figures: {
      daysWithout: split.without.length,
      daysDuring: split.during.length,
      without,
      withoutEndpoints,
      endpoints,
      ...during,
    },
    line:
      `the mixed day at ${rate} req/s meanwhile ${during.holds ? 'holds' : 'does not hold'} ` +
      `(slowest ${during.worst}, p99 ${during.worstP99} ms; ${during.errors} errors), without it ${without.worst} ${without.worstP99} ms`,
  };
}

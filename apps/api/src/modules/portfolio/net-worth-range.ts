export const timeframes = ['1d', '7d', '30d', '1yr', 'all'] as const;
export type Timeframe = (typeof timeframes)[number];

export const minute = 60_000;
export const hour = 60 * minute;
const day = 24 * hour;

export type Resolution = '5m' | '1h' | '1d';
export type Spacing = { step: number; resolution: Resolution };

/** Chart points and the price bars that value them, per range: about 100 to 400 points each. */
const spacing: Record<Exclude<Timeframe, 'all'>, Spacing & { span: number }> = {
  '1d': { span: day, step: 15 * minute, resolution: '5m' },
  '7d': { span: 7 * day, step: hour, resolution: '1h' },
  '30d': { span: 30 * day, step: 6 * hour, resolution: '1h' },
  '1yr': { span: 365 * day, step: day, resolution: '1d' },
};

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;
export const barLength: Record<Resolution, number> = { '5m': 5 * minute, '1h': hour, '1d': day };

/** The times of a range's points: whole steps from the start, then now. */
export function pointsFor(timeframe: Timeframe, now: number, firstActivity: number | undefined): number[] {
  const { span, step } = rangeOf(timeframe, now, firstActivity);
  const points: number[] = [];
  for (let time = floorTo(now - span, step) + step; time < now; time += step) points.push(time);
  points.push(now);
  return points;
}

export function rangeOf(
  timeframe: Timeframe,
  now: number,
  firstActivity: number | undefined,
): Spacing & { span: number } {
  if (timeframe !== 'all') return spacing[timeframe];
  // Since the first money moved: daily up to two years, weekly beyond; at least a week.
  const span = Math.max(7 * day, now - (firstActivity ?? now) + day);
  return { span, step: span > 730 * day ? 7 * day : day, resolution: '1d' };
}

/** A tick that read its clock just before a bar began may write just after: a minute's margin. */
const settleMarginMs = minute;

/**
 * How many of the points come before the bar now falls in (less the margin). The last point, now,
 * never does.
 */
export function settledCount(points: number[], resolution: Resolution, now: number): number {
  const bound = floorTo(now - settleMarginMs, barLength[resolution]);
  let count = points.length - 1;
  while (count > 0 && (points[count - 1] ?? 0) >= bound) count -= 1;
  return count;
}

/** Which of a range's steps `now` falls in: a base read in one step serves the whole step. */
export function stepOf(timeframe: Timeframe, now: Date): number {
  return Math.floor(now.getTime() / (timeframe === 'all' ? day : spacing[timeframe].step));
}

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

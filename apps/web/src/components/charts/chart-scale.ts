/** The arithmetic of the range charts' two scales, apart from drawing so it can be tested alone. */

/** `allZero`: every value is zero (or there are none), so the scale marks zero only. */
export type ValueRange = { min: number; max: number; allZero?: true };

/**
 * The values' range with some air above and below the line. Neither a net worth nor a price goes
 * below zero, so neither does the scale; a series of zeros (a new account's) gets 0 to 1 with the
 * line along the bottom, and a flat series a band around its value.
 */
export function valueRange(values: readonly number[]): ValueRange {
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  if (!Number.isFinite(low) || high <= 0) return { min: 0, max: 1, allZero: true };
  const spread = high - low || Math.abs(high) * 0.02;
  return { min: Math.max(0, low - spread * 0.1), max: high + spread * 0.15 };
}

/** Round steps between about `count` labels on the price scale: 1, 2, 2.5 or 5 times a power of ten. */
export function valueTicks({ min, max, allZero }: ValueRange, count = 4): number[] {
  if (allZero) return [0];
  const rough = (max - min) / count;
  if (!(rough > 0) || !Number.isFinite(rough)) return [];
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;
/** Steps of the time scale, in seconds; a month and more are counted in calendar months instead. */
const timeSteps = [
  ...[5, 15, 30].map((count) => count * minute),
  ...[1, 2, 3, 6, 12].map((count) => count * hour),
  ...[1, 2, 7, 14].map((count) => count * day),
];
const monthSteps = [1, 2, 3, 6, 12, 24, 60];

export type TimeTicks = { times: number[]; unit: 'time' | 'day' | 'month' };

/**
 * Times between `first` and `last` (seconds since the epoch) for about `count` labels, on round
 * local times: whole hours, midnights, Mondays, the first of a month.
 */
export function timeTicks(first: number, last: number, count = 5): TimeTicks {
  const span = last - first;
  if (!(span > 0)) return { times: [], unit: 'time' };
  const rough = span / count;
  const step = timeSteps.find((candidate) => candidate >= rough);
  if (step !== undefined) {
    const times: number[] = [];
    for (let time = firstRoundTime(first, step); time <= last; time = nextRoundTime(time, step))
      if (time >= first) times.push(time);
    return { times, unit: step < day ? 'time' : 'day' };
  }
  const months = monthSteps.find((candidate) => candidate * 30 * day >= rough) ?? 60;
  const start = new Date(first * 1000);
  const cursor = new Date(start.getFullYear(), Math.ceil(start.getMonth() / months) * months, 1);
  const times: number[] = [];
  for (; cursor.getTime() / 1000 <= last; cursor.setMonth(cursor.getMonth() + months))
    if (cursor.getTime() / 1000 >= first) times.push(cursor.getTime() / 1000);
  return { times, unit: 'month' };
}

/** The last round local time at or before `time`: a whole multiple of `step` within its day, a midnight, or a Monday. */
function firstRoundTime(time: number, step: number): number {
  const date = new Date(time * 1000);
  // Weeks start on Monday.
  const daysBack = step >= 7 * day ? (date.getDay() + 6) % 7 : 0;
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysBack).getTime() / 1000;
  return step >= day ? midnight : midnight + Math.floor((time - midnight) / step) * step;
}

/** The next round time after `time`, through the calendar for days so a change of clocks keeps midnights. */
function nextRoundTime(time: number, step: number): number {
  if (step < day) return time + step;
  const date = new Date(time * 1000);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + step / day).getTime() / 1000;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' });
const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A label of the time scale: 14:00, 24 Nov or Nov 2026. */
export function timeLabel(time: number, unit: TimeTicks['unit']): string {
  const format = unit === 'time' ? timeFormat : unit === 'day' ? dayFormat : monthFormat;
  return format.format(time * 1000);
}

/** The time the crosshair points at, in full: 24 Nov 2026, 14:05. */
export function momentLabel(time: number): string {
  return momentFormat.format(time * 1000);
}

/** The index of the point nearest to `time` in `times`, which are in ascending order. */
export function nearestIndex(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  const before = times[low - 1];
  return before !== undefined && time - before < (times[low] as number) - time ? low - 1 : low;
}

/** The middle value (the upper middle of an even count); 0 when there are none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The value below which `fraction` of the sorted values lie (nearest rank); NaN when there are none. */
export const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))] ?? NaN;

/**
 * A scenario against its baseline when the two ran in turns (baseline, scenario, baseline, …): the
 * median of each scenario run's ratio to the baseline run just before it, so that a machine slowing
 * down or speeding up during the benchmark moves both sides of each ratio alike.
 */
export function pairedRatio(scenario: number[], baseline: number[]): number {
  if (scenario.length === 0 || scenario.length !== baseline.length) return 0;
  return median(
    scenario.map((rps, run) => {
      const against = baseline[run] ?? 0;
      return against > 0 ? rps / against : 0;
    }),
  );
}

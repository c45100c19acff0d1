import { gaussian } from './random.ts';

export const yearMs = 365.25 * 24 * 60 * 60 * 1000;
/** Expected yearly return of the simulation; volatility comes from each asset. */
export const drift = 0.06;

/** One step of geometric Brownian motion over `dtMs`, driven by the standard normal `z`. */
export function gbmStep(price: number, volatility: number, dtMs: number, z: number): number {
  const dt = dtMs / yearMs;
  return price * Math.exp((drift - (volatility * volatility) / 2) * dt + volatility * Math.sqrt(dt) * z);
}

/** The same step run backwards: the price `dtMs` before one that is known. */
export function gbmStepBack(price: number, volatility: number, dtMs: number, z: number): number {
  const dt = dtMs / yearMs;
  return price / Math.exp((drift - (volatility * volatility) / 2) * dt + volatility * Math.sqrt(dt) * z);
}

/**
 * Prices at `steps` equal steps from `from` to `to` (both included) that wander like the market
 * in between: a Brownian bridge in log space, so a finer history agrees with a coarser one.
 */
export function bridge(
  from: number,
  to: number,
  steps: number,
  volatility: number,
  stepMs: number,
  noise: (step: number) => number,
): number[] {
  const sigma = volatility * Math.sqrt(stepMs / yearMs);
  const walk = [0];
  for (let step = 1; step <= steps; step += 1) walk.push((walk[step - 1] ?? 0) + sigma * noise(step));
  const end = walk[steps] ?? 0;
  const logFrom = Math.log(from);
  const logTo = Math.log(to);
  return walk.map((value, step) =>
    Math.exp(logFrom + (value - (step / steps) * end) + (step / steps) * (logTo - logFrom)),
  );
}

export function roundPrice(price: number): string {
  const decimals = price >= 1000 ? 2 : price >= 1 ? 4 : price >= 0.01 ? 6 : 10;
  return price.toFixed(decimals);
}

export { gaussian };

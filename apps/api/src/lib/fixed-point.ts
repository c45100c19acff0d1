/**
 * Exact decimal arithmetic on integers: a value with `scale` decimal places is the bigint of its
 * units of 10^-scale. For sums of products over many points (the net-worth chart), where a
 * decimal.js object per step cost more than the rest of the request.
 */

/** Decimal text ('187.25', '-0.5', '3') as units of 10^-scale, exactly; more decimals than `scale` is an error. */
export function toUnits(text: string, scale: number): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  const decimals = match?.[3] ?? '';
  if (!match || decimals.length > scale) throw new Error(`not a decimal with at most ${scale} places: ${text}`);
  const units = BigInt(`${match[2] ?? '0'}${decimals.padEnd(scale, '0')}`);
  return match[1] ? -units : units;
}

/** Units of 10^-from as units of 10^-to (to ≤ from), rounded to the nearest, halves away from zero. */
export function roundUnits(value: bigint, from: number, to: number): bigint {
  const divisor = powerOfTen(from - to);
  const size = value < 0n ? -value : value;
  const rounded = (size + divisor / 2n) / divisor;
  return value < 0n ? -rounded : rounded;
}

// Kept: the chart rounds hundreds of points a request, and 10n ** 26n was half of what each cost.
const powers: bigint[] = [];
function powerOfTen(exponent: number): bigint {
  return (powers[exponent] ??= 10n ** BigInt(exponent));
}

/**
 * `part` as a percentage of `whole`, both in the same units (cents), as text to two places, halves
 * away from zero (decimal.js ROUND_HALF_UP); '0.00' of nothing.
 */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0.00';
  // Hundredths of a percent: part × 10,000 ÷ whole, rounded exactly in integers.
  const numerator = part * 10_000n;
  const size = numerator < 0n ? -numerator : numerator;
  const divisor = whole < 0n ? -whole : whole;
  const rounded = (size * 2n + divisor) / (divisor * 2n);
  const hundredths = numerator < 0n !== whole < 0n ? -rounded : rounded;
  const digits = (hundredths < 0n ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${hundredths < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

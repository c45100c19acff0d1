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

import { ungrouped } from './format.ts';

/**
 * Quantity for an amount of money at a price, rounded down to `decimals` places: exact decimal
 * arithmetic on scaled integers, so the quantity never costs more than the amount typed.
 * Returns null when either input is not a positive decimal number.
 */
export function quantityFor(amount: string, price: string, decimals = 8): string | null {
  const scaledAmount = scaled(amount);
  const scaledPrice = scaled(price);
  if (!scaledAmount || !scaledPrice || scaledAmount.value <= 0n || scaledPrice.value <= 0n) return null;
  // amount / price = (a / 10^sa) / (p / 10^sp); times 10^decimals to keep that many places.
  const numerator = scaledAmount.value * 10n ** BigInt(decimals + scaledPrice.scale);
  const denominator = scaledPrice.value * 10n ** BigInt(scaledAmount.scale);
  const units = (numerator / denominator).toString().padStart(decimals + 1, '0');
  return `${units.slice(0, -decimals)}.${units.slice(-decimals)}`;
}

function scaled(text: string): { value: bigint; scale: number } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(ungrouped(text) ?? '');
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { value: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

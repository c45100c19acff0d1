import { ungrouped } from './format.ts';
import { walletRefusals } from './wallet-rules.ts';

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

export const tradeRefusals = {
  insufficient: walletRefusals.insufficient,
  tooMuch: 'You cannot close more than you hold.',
  belowOneCent: 'This trade is worth less than one cent.',
} as const;

/**
 * The server's refusal of a trade where the screen can already tell: a trade worth less than one
 * cent at `price` (unless it sells the whole position), a buy of more than the brokerage wallet has
 * available, or a sale of more than the position holds. Undefined when the trade may go ahead, or
 * when what to compare with is not known yet (the server still decides).
 */
export function tradeRefusal(trade: {
  side: 'buy' | 'sell';
  amount: string;
  quantity: string;
  price?: string | undefined;
  available?: string | undefined;
  held?: string | undefined;
}): string | undefined {
  const quantity = scaled(trade.quantity);
  const price = trade.price === undefined ? null : scaled(trade.price);
  const whole = trade.side === 'sell' && trade.held !== undefined && quantity && sameAs(quantity, trade.held);
  if (quantity && price && !whole && belowOneCent(quantity, price)) return tradeRefusals.belowOneCent;
  if (trade.side === 'buy') {
    const amount = scaled(trade.amount);
    const available = trade.available === undefined ? null : scaled(trade.available);
    return amount && available && exceeds(amount, available) ? tradeRefusals.insufficient : undefined;
  }
  const held = trade.held === undefined ? null : scaled(trade.held);
  return quantity && held && exceeds(quantity, held) ? tradeRefusals.tooMuch : undefined;
}

/** quantity × price < 0.01, exactly. */
function belowOneCent(quantity: { value: bigint; scale: number }, price: { value: bigint; scale: number }): boolean {
  return quantity.value * price.value * 100n < 10n ** BigInt(quantity.scale + price.scale);
}

function sameAs(a: { value: bigint; scale: number }, text: string): boolean {
  const b = scaled(text);
  return b !== null && !exceeds(a, b) && !exceeds(b, a);
}

/** a > b, exactly, for two scaled decimals. */
function exceeds(a: { value: bigint; scale: number }, b: { value: bigint; scale: number }): boolean {
  const scale = Math.max(a.scale, b.scale);
  return a.value * 10n ** BigInt(scale - a.scale) > b.value * 10n ** BigInt(scale - b.scale);
}

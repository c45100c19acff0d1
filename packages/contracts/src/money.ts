/** Money text like '1250.5' or '-3.07' as whole cents, exactly (no floats). */
export function toCents(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount of money: ${text}`);
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Whole cents as two-decimal text. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  // One conversion to text instead of a division and a remainder: the net-worth chart makes hundreds.
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The exact sum of amounts of money. */
export const sumMoney = (amounts: string[]): string =>
  fromCents(amounts.reduce((sum, text) => sum + toCents(text), 0n));

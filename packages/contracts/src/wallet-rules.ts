import { z } from 'zod';
import { moneyOf } from './money.ts';

export const walletRefusals = { insufficient: 'Insufficient balance for this amount.' } as const;

/** Whether typed `amount` is more than `available`, exactly; false while either cannot be read. */
export function exceedsAvailable(amount: string, available: string | null | undefined): boolean {
  const [wanted, held] = [moneyOf(amount), moneyOf(available)];
  return wanted !== null && held !== null && wanted.gt(held);
}

/** What each money limit of the cash wallet is called in its refusal. */
export const limitNames = {
  crypto_deposit: 'A crypto deposit',
  bank_deposit: 'A bank deposit',
  withdrawal: 'A withdrawal',
} as const;

/** The refusal of an amount outside [minimum, maximum], with the amounts as `money` writes them. */
export const amountRangeMessage = <T extends number | string>(
  what: string,
  [minimum, maximum]: readonly [T, T],
  money: (amount: T) => string,
) => `${what} must be between ${money(minimum)} and ${money(maximum)}.`;

/** The hint beside an amount field with limits. */
export const amountRangeHint = <T extends number | string>(
  [minimum, maximum]: readonly [T, T],
  money: (amount: T) => string,
) => `Between ${money(minimum)} and ${money(maximum)}.`;

/** The coins a crypto deposit can be paid in: the id the web app sends, and its name. */
export const depositCoins = [
  { id: 'btc', name: 'BITCOIN' },
  { id: 'eth', name: 'ETHEREUM' },
  { id: 'usdt(ERC20)', name: 'USDT(ERC20)' },
  { id: 'usdt(TRC20)', name: 'USDT(TRC20)' },
] as const;
export type DepositCoin = (typeof depositCoins)[number]['id'];

export const coinMessage = 'Choose BTC, ETH, USDT(ERC20) or USDT(TRC20).';

const coinIds = depositCoins.map((coin) => coin.id);

/** A deposit's coin: one of the listed ones, in any letter case, read as its id; blank is none. */
export const depositCoin = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    return text === '' ? undefined : (coinIds.find((id) => id.toLowerCase() === text) ?? value);
  },
  z.enum(coinIds, { error: coinMessage }).optional(),
);

import type { FxRatesResponse } from '@itrust/contracts';
import { convertMoney, decimalOf, type Decimal } from '@itrust/contracts/money';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from './api-client';

/** The reference rates: units of each currency per US dollar. */
export const fxRatesQuery = queryOptions({
  queryKey: ['fx-rates'],
  queryFn: () => apiData<FxRatesResponse>('/fx-rates'),
  staleTime: 60_000,
});

type Rates = Pick<FxRatesResponse, 'rates'> | undefined;
type Amount = Decimal.Value | null | undefined;

/**
 * Converts amounts from `from` to `to` at the reference rates, exactly and unrounded (the screen
 * rounds once, when it formats); undefined until the rates have arrived.
 */
export function converter(rates: Rates, from: string, to: string): ((amount: Amount) => Decimal) | undefined {
  if (from === to) return decimalOf;
  const fromRate = perDollar(rates, from);
  const toRate = perDollar(rates, to);
  if (fromRate === undefined || toRate === undefined) return undefined;
  return (amount) => convertMoney(decimalOf(amount), fromRate, toRate);
}

/** Units of `code` per US dollar, exactly as the API gives it; undefined until the rates arrive. */
export function perDollar(rates: Rates, code: string): Decimal | undefined {
  if (code === 'USD') return decimalOf(1);
  const text = rates?.rates[code];
  const rate = decimalOf(text);
  return text !== undefined && rate.isPositive() && !rate.isZero() ? rate : undefined;
}

import type { FxRatesResponse } from '@itrust/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from './api-client';

/** The reference rates: units of each currency per US dollar. */
export const fxRatesQuery = queryOptions({
  queryKey: ['fx-rates'],
  queryFn: () => apiData<FxRatesResponse>('/fx-rates'),
  staleTime: 60_000,
});

type Rates = Pick<FxRatesResponse, 'rates'> | undefined;

/** What one unit of `from` is worth in `to` at the reference rates; undefined until they have arrived. */
export function conversionFactor(rates: Rates, from: string, to: string): number | undefined {
  if (from === to) return 1;
  const fromRate = perDollar(rates, from);
  const toRate = perDollar(rates, to);
  return fromRate === undefined || toRate === undefined ? undefined : toRate / fromRate;
}

export function perDollar(rates: Rates, code: string): number | undefined {
  if (code === 'USD') return 1;
  const rate = Number(rates?.rates[code] ?? NaN);
  return Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

import type { Page } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** The USD price of a coin and the dollar rate of the user's currency, to turn a deposit into coin units. */
export function useCoinConversion(symbol: 'BTC' | 'ETH' | null, currencyCode: string) {
  const price = useQuery({
    queryKey: ['coin-price', symbol],
    enabled: symbol !== null,
    queryFn: async () =>
      (await apiData<{ assets: Page<{ price: string }> }>(`/assets?filter[symbol]=${symbol ?? ''}`)).assets.data[0]
        ?.price ?? null,
  });
  const rates = useQuery({
    queryKey: ['fx-rates'],
    queryFn: () => apiData<{ rates: Record<string, string> }>('/fx-rates'),
    staleTime: 60_000,
  });
  const perDollar = currencyCode === 'USD' ? 1 : Number(rates.data?.rates[currencyCode] ?? NaN);
  const usdPrice = Number(price.data ?? NaN);
  return {
    coinsFor: (amount: number) => (Number.isFinite(perDollar) && usdPrice > 0 ? amount / perDollar / usdPrice : null),
  };
}

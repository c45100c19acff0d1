import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { readStoredUser } from '../../../lib/storage-keys';

/** Prices are quoted in US dollars; the screens show them in the user's currency at the reference rate. */
export function useDisplayCurrency() {
  const user = readStoredUser();
  const code = user?.currency.code ?? 'USD';
  const rates = useQuery({
    queryKey: ['fx-rates'],
    queryFn: () => apiData<{ rates: Record<string, string> }>('/fx-rates'),
    staleTime: 60_000,
  });
  const rate = code === 'USD' ? 1 : Number(rates.data?.rates[code] ?? NaN);
  return {
    sign: user?.currency.sign ?? '$',
    rate: Number.isFinite(rate) ? rate : 1,
    ready: code === 'USD' || rates.isSuccess,
  };
}

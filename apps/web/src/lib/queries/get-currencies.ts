import type { CurrenciesResponse, Currency } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const getCurrencies = async (): Promise<Currency[]> =>
  (await apiData<CurrenciesResponse>('/currencies')).currencies.data;

export const currenciesQuery = () =>
  queryOptions({ queryKey: ['reference', 'currencies'], queryFn: getCurrencies, staleTime: Infinity });

export const useCurrencies = () => useQuery(currenciesQuery());

import type { CountriesResponse, Country } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const getCountries = async (): Promise<Country[]> => (await apiData<CountriesResponse>('/country')).countries;

export const countriesQuery = () =>
  queryOptions({ queryKey: ['reference', 'countries'], queryFn: getCountries, staleTime: Infinity });

export const useCountries = () => useQuery(countriesQuery());

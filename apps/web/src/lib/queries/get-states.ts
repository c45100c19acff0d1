import type { Option, StatesResponse } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const getStates = async (countryId: number): Promise<Option[]> =>
  (await apiData<StatesResponse>(`/states?filter[country_id]=${countryId}`)).states;

export const statesQuery = (countryId: number | null) =>
  queryOptions({
    queryKey: ['reference', 'states', countryId],
    queryFn: () => getStates(countryId ?? 0),
    enabled: countryId !== null,
    staleTime: Infinity,
  });

export const useStates = (countryId: number | null) => useQuery(statesQuery(countryId));

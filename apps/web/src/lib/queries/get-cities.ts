import type { CitiesResponse, Option } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const getCities = async (stateId: number): Promise<Option[]> =>
  (await apiData<CitiesResponse>(`/cities?filter[state_id]=${stateId}`)).cities;

export const citiesQuery = (stateId: number | null) =>
  queryOptions({
    queryKey: ['reference', 'cities', stateId],
    queryFn: () => getCities(stateId ?? 0),
    enabled: stateId !== null,
    staleTime: Infinity,
  });

export const useCities = (stateId: number | null) => useQuery(citiesQuery(stateId));

import type { NationalitiesResponse, Option } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const getNationalities = async (): Promise<Option[]> =>
  (await apiData<NationalitiesResponse>('/nationalities')).nationalities;

export const nationalitiesQuery = () =>
  queryOptions({ queryKey: ['reference', 'nationalities'], queryFn: getNationalities, staleTime: Infinity });

export const useNationalities = () => useQuery(nationalitiesQuery());

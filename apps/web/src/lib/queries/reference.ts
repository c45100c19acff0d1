import type {
  CitiesResponse,
  CountriesResponse,
  CurrenciesResponse,
  NationalitiesResponse,
  SettingsResponse,
  StatesResponse,
} from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

/** A reference list changes only with a release: each is read once per visit. */
const useReferenceList = <List>(key: unknown[], read: () => Promise<List>, enabled = true) =>
  useQuery({ queryKey: ['reference', ...key], queryFn: read, enabled, staleTime: Infinity });

export const useCountries = () =>
  useReferenceList(['countries'], async () => (await apiData<CountriesResponse>('/country')).countries);

export const useNationalities = () =>
  useReferenceList(
    ['nationalities'],
    async () => (await apiData<NationalitiesResponse>('/nationalities')).nationalities,
  );

export const useCurrencies = () =>
  useReferenceList(['currencies'], async () => (await apiData<CurrenciesResponse>('/currencies')).currencies.data);

export const useStates = (countryId: number | null) =>
  useReferenceList(
    ['states', countryId],
    async () => (await apiData<StatesResponse>(`/states?filter[country_id]=${countryId ?? 0}`)).states,
    countryId !== null,
  );

export const useCities = (stateId: number | null) =>
  useReferenceList(
    ['cities', stateId],
    async () => (await apiData<CitiesResponse>(`/cities?filter[state_id]=${stateId ?? 0}`)).cities,
    stateId !== null,
  );

/** An operator can change the platform's settings while a visit lasts. */
export const usePlatformSettings = () =>
  useQuery({
    queryKey: ['reference', 'settings'],
    queryFn: async () => (await apiData<SettingsResponse>('/settings')).settings,
    staleTime: 300_000,
  });

import type { SettingsResponse } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['reference', 'settings'],
    queryFn: async () => (await apiData<SettingsResponse>('/settings')).settings,
    staleTime: 300_000,
  });

export const usePlatformSettings = () => useQuery(settingsQuery());

import type { PlatformSettings } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['reference', 'settings'],
    queryFn: async () => (await apiData<{ settings: PlatformSettings }>('/settings')).settings,
    staleTime: 300_000,
  });

export const usePlatformSettings = () => useQuery(settingsQuery());

import type { TopMoversResponse } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export const getTopMovers = () => apiData<TopMoversResponse>('/assets/top-movers');

export const topMoversQuery = () =>
  queryOptions({ queryKey: ['top-movers'], queryFn: getTopMovers, refetchInterval: 30_000 });

export const useTopMovers = () => useQuery(topMoversQuery());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import type { Asset } from './types';

export type TopMovers = { gainers: Asset[]; losers: Asset[]; new_in_market: Asset[] };

export const getTopMovers = () => apiData<TopMovers>('/assets/top-movers');

export const topMoversQuery = () =>
  queryOptions({ queryKey: ['top-movers'], queryFn: getTopMovers, refetchInterval: 30_000 });

export const useTopMovers = () => useQuery(topMoversQuery());

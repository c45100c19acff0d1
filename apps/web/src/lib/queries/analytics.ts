import type { AnalyticsResponse } from '@itrust/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartRange } from '../../components/charts/range-chart';
import { apiData } from '../api-client';

export const analyticsQuery = (range: ChartRange) =>
  queryOptions({
    queryKey: ['analytics', range],
    queryFn: async () => (await apiData<AnalyticsResponse>(`/user/analytics?timeframe=${range}`)).data,
    placeholderData: keepPreviousData,
  });
export const useAnalytics = (range: ChartRange) => useQuery(analyticsQuery(range));

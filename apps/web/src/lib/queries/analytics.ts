import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartRange } from '../../components/charts/range-chart';
import { apiData } from '../api-client';

export type Analytics = {
  total_deposited: string;
  total_withdrawn: string;
  total_investment: string;
  total_investment_24hr: string;
  total_savings: string;
  total_savings_24hr: string;
  total_savings_return: string;
  /** ISO time → net worth at that time. */
  chart_data: Record<string, string>;
};

export const analyticsQuery = (range: ChartRange) =>
  queryOptions({
    queryKey: ['analytics', range],
    queryFn: async () => (await apiData<{ data: Analytics }>(`/user/analytics?timeframe=${range}`)).data,
    placeholderData: keepPreviousData,
  });
export const useAnalytics = (range: ChartRange) => useQuery(analyticsQuery(range));

import type { HistoryResponse } from '@itrust/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import type { ChartRange } from '../../../components/charts/range-chart';

export const getHistory = async (symbol: string, range: ChartRange) =>
  (await apiData<HistoryResponse>(`/assets/${encodeURIComponent(symbol)}/history?range=${range}`)).points;

export const historyQuery = (symbol: string, range: ChartRange) =>
  queryOptions({
    queryKey: ['history', symbol, range],
    queryFn: () => getHistory(symbol, range),
    placeholderData: keepPreviousData,
  });

export const useHistory = (symbol: string, range: ChartRange) => useQuery(historyQuery(symbol, range));

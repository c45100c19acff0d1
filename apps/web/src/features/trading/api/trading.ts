import type { Page } from '@itrust/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import type { Position, WatchlistEntry } from './types';

export const positionsQuery = () =>
  queryOptions({
    queryKey: ['positions'],
    queryFn: async () =>
      (await apiData<{ positions: Page<Position> }>('/user/position?include=asset&per_page=100')).positions.data,
    retry: false,
  });
export const usePositions = () => useQuery(positionsQuery());

export const tradeHistoryQuery = (page: number, month: string) =>
  queryOptions({
    queryKey: ['trade-history', page, month],
    queryFn: async () =>
      (
        await apiData<{ positions: Page<Position> }>(
          `/user/position/history?page=${page}&per_page=10${month ? `&filter[month]=${month}` : ''}`,
        )
      ).positions,
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useTradeHistory = (page: number, month: string) => useQuery(tradeHistoryQuery(page, month));

export const watchlistQuery = () =>
  queryOptions({
    queryKey: ['watchlist'],
    queryFn: async () => (await apiData<{ watchlist: WatchlistEntry[] }>('/user/watchlist')).watchlist,
    retry: false,
  });
export const useWatchlist = () => useQuery(watchlistQuery());

/** After a trade every figure it touches is read again. */
const afterTrade = ['positions', 'trade-history', 'wallets', 'transactions', 'analytics', 'user'];

export const useBuy = () =>
  useRefreshingMutation(
    (input: { assetId: number; quantity: string }) =>
      apiRequest('/user/position/store', {
        method: 'POST',
        body: { asset_id: input.assetId, quantity: input.quantity, wallet: 'brokerage' },
      }),
    afterTrade,
  );

export const useClose = () =>
  useRefreshingMutation(
    (input: { positionId: string; quantity: string }) =>
      apiRequest(`/user/position/close/${input.positionId}`, {
        method: 'PUT',
        body: { position_id: input.positionId, quantity: input.quantity, wallet: 'brokerage' },
      }),
    afterTrade,
  );

export const useStar = () =>
  useRefreshingMutation(
    (input: { assetId: number; entryId: string | undefined }) =>
      input.entryId
        ? apiRequest(`/user/watchlist/destroy/${input.entryId}`, { method: 'DELETE' })
        : apiRequest('/user/watchlist/store', { method: 'POST', body: { asset_id: input.assetId } }),
    ['watchlist', 'asset', 'assets'],
  );

import type {
  HoldingListResponse,
  PositionClosedResponse,
  PositionListResponse,
  PositionOpenedResponse,
  TradeListResponse,
  WatchlistResponse,
} from '@itrust/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { periodParams, type Period } from '../../../lib/period';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';

/** Which open positions to ask for; the server filters, and every page is read, so a long list is never cut short. */
export type PositionFilter = { symbol?: string; wallet?: 'brokerage' | 'auto'; type?: 'stocks' | 'crypto' };

const largestPage = 100;

export const positionsQuery = (filter: PositionFilter = {}) =>
  queryOptions({
    queryKey: ['positions', filter],
    queryFn: async () => {
      const pageOf = async (page: number) => {
        const params = new URLSearchParams({ include: 'asset', page: String(page), per_page: String(largestPage) });
        for (const [name, value] of Object.entries(filter)) if (value) params.set(`filter[${name}]`, value);
        return (await apiData<PositionListResponse>(`/user/position?${params.toString()}`)).positions;
      };
      const first = await pageOf(1);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.last_page - 1) }, (_, index) => pageOf(index + 2)),
      );
      return [first, ...rest].flatMap((page) => page.data);
    },
    retry: false,
  });
/** Positions need an approved identity: before that the list is simply empty, not an error. */
export const usePositions = (enabled = true, filter: PositionFilter = {}) =>
  useQuery({ ...positionsQuery(filter), enabled });

export const useOpenPositionsPage = (page: number, perPage: number, enabled = true) =>
  useQuery({
    queryKey: ['positions', 'page', page, perPage],
    queryFn: async () =>
      (await apiData<PositionListResponse>(`/user/position?include=asset&page=${page}&per_page=${perPage}`)).positions,
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });

/** Under the positions key, so whatever refreshes the positions after a trade refreshes these too. */
export const useHoldings = (enabled = true) =>
  useQuery({
    queryKey: ['positions', 'holdings'],
    queryFn: async () => (await apiData<HoldingListResponse>('/user/holdings')).holdings,
    retry: false,
    enabled,
  });

/** One page of the caller's trades; with a symbol, that asset's only (the server filters). */
export const tradeHistoryQuery = (page: number, perPage: number, period: Period, symbol?: string) =>
  queryOptions({
    queryKey: ['trade-history', page, perPage, period, symbol ?? null],
    queryFn: async () => {
      const ofAsset = symbol ? `&filter[symbol]=${encodeURIComponent(symbol)}` : '';
      const path = `/user/position/history?page=${page}&per_page=${perPage}${periodParams(period)}${ofAsset}`;
      return (await apiData<TradeListResponse>(path)).positions;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useTradeHistory = (page: number, perPage: number, period: Period, enabled = true, symbol?: string) =>
  useQuery({ ...tradeHistoryQuery(page, perPage, period, symbol), enabled });

export const watchlistQuery = () =>
  queryOptions({
    queryKey: ['watchlist'],
    queryFn: async () => (await apiData<WatchlistResponse>('/user/watchlist')).watchlist,
    retry: false,
  });
export const useWatchlist = () => useQuery(watchlistQuery());

/** After a trade every figure it touches is read again. */
const afterTrade = ['positions', 'orders', 'trade-history', 'wallets', 'transactions', 'analytics', 'user'];

export const useBuy = () =>
  useIdempotentMutation(
    (input: { assetId: number; quantity: string }, headers) =>
      apiRequest<PositionOpenedResponse>('/user/position/store', {
        method: 'POST',
        body: { asset_id: input.assetId, quantity: input.quantity, wallet: 'brokerage' },
        headers,
      }),
    afterTrade,
  );

export const useClose = () =>
  useIdempotentMutation(
    (input: { positionId: string; quantity: string }, headers) =>
      apiRequest<PositionClosedResponse>(`/user/position/close/${input.positionId}`, {
        method: 'PUT',
        body: { position_id: input.positionId, quantity: input.quantity, wallet: 'brokerage' },
        headers,
      }),
    afterTrade,
  );

/**
 * Stars show from the watchlist; the asset screen also counts its watchers. The market list's own
 * `starred` flags are marked stale without being fetched: reloading the whole list for one star made it jump.
 */
export function useStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { assetId: number; entryId: string | undefined }) =>
      input.entryId
        ? apiRequest(`/user/watchlist/destroy/${input.entryId}`, { method: 'DELETE' })
        : apiRequest('/user/watchlist/store', { method: 'POST', body: { asset_id: input.assetId } }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['assets'], refetchType: 'none' });
      await Promise.all(['watchlist', 'asset'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}

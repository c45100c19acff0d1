import type { AssetPageResponse } from '@itrust/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

type AssetSort = 'name' | 'price' | 'changes_percentage' | 'day_high' | 'day_low' | 'market_cap';
export type AssetListQuery = { page: number; perPage: number; sort: AssetSort; descending: boolean };

export const getAssets = async ({ page, perPage, sort, descending }: AssetListQuery) =>
  (await apiData<AssetPageResponse>(`/assets?page=${page}&per_page=${perPage}&sort=${descending ? '-' : ''}${sort}`))
    .assets;

export const assetsQuery = (query: AssetListQuery) =>
  queryOptions({ queryKey: ['assets', query], queryFn: () => getAssets(query), placeholderData: keepPreviousData });

export const useAssets = (query: AssetListQuery) => useQuery(assetsQuery(query));

import type { Asset, AssetPageResponse } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** The single-asset screen reads the first item of the symbol filter. */
export const getAsset = async (symbol: string): Promise<Asset | null> =>
  (await apiData<AssetPageResponse>(`/assets?filter[symbol]=${encodeURIComponent(symbol)}`)).assets.data[0] ?? null;

export const assetQuery = (symbol: string) =>
  queryOptions({ queryKey: ['asset', symbol], queryFn: () => getAsset(symbol) });

export const useAsset = (symbol: string) => useQuery(assetQuery(symbol));

import type { AssetPageResponse, AssetType } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** Every asset of one type, by name: the trade form's list when buying. */
export const assetsOfTypeQuery = (type: AssetType) =>
  queryOptions({
    queryKey: ['assets', 'type', type],
    queryFn: async () =>
      (await apiData<AssetPageResponse>(`/assets?filter[type]=${type}&per_page=100&sort=name`)).assets.data,
  });
export const useAssetsOfType = (type: AssetType) => useQuery(assetsOfTypeQuery(type));

import type { Page } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import type { Asset } from './types';

/** Every asset of one type, by name: the trade form's list when buying. */
export const assetsOfTypeQuery = (type: Asset['type']) =>
  queryOptions({
    queryKey: ['assets', 'type', type],
    queryFn: async () =>
      (await apiData<{ assets: Page<Asset> }>(`/assets?filter[type]=${type}&per_page=100&sort=name`)).assets.data,
  });
export const useAssetsOfType = (type: Asset['type']) => useQuery(assetsOfTypeQuery(type));

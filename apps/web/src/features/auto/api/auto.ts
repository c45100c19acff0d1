import type { AutoModel } from '@itrust/contracts/auto-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export type AutoOverview = {
  model: AutoModel;
  cash: string;
  total: string;
  last_rebalanced_at: string | null;
  holdings: { symbol: string; quantity: string; value: string; weight: string; target: string }[];
};
export type AutoModelView = {
  id: AutoModel;
  name: string;
  description: string;
  weights: { symbol: string; weight: number }[];
};

export const autoQuery = () =>
  queryOptions({
    queryKey: ['auto'],
    queryFn: () => apiData<{ auto: AutoOverview; models: AutoModelView[] }>('/user/auto'),
    // The job trades in the background: keep the panel current while it is open.
    refetchInterval: 5000,
  });
export const useAuto = () => useQuery(autoQuery());

export const useChangeModel = () =>
  useRefreshingMutation(
    (model: AutoModel) => apiRequest<{ auto: AutoOverview }>('/user/auto', { method: 'PUT', body: { model } }),
    ['auto', 'wallets', 'analytics', 'positions'],
  );

import type { AutoModelChangeResponse, AutoResponse } from '@itrust/contracts';
import type { AutoModel } from '@itrust/contracts/auto-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export const autoQuery = () =>
  queryOptions({
    queryKey: ['auto'],
    queryFn: () => apiData<AutoResponse>('/user/auto'),
    // The job trades in the background: keep the panel current while it is open.
    refetchInterval: 5000,
  });
export const useAuto = () => useQuery(autoQuery());

export const useChangeModel = () =>
  useRefreshingMutation(
    (model: AutoModel) => apiRequest<AutoModelChangeResponse>('/user/auto', { method: 'PUT', body: { model } }),
    ['auto', 'wallets', 'analytics', 'positions'],
  );

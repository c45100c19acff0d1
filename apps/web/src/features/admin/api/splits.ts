import type { SplitListResponse, SplitResponse } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';

export const useSplits = () =>
  useQuery({
    queryKey: ['admin', 'splits'],
    queryFn: async () => (await apiData<SplitListResponse>('/admin/splits')).splits,
  });

export type SplitRequest = { symbol: string; to: string; from: string; effective_on: string };

/** Scheduling and cancelling refresh the list, the audit log and the assets' own split notes. */
export const useScheduleSplit = () =>
  useIdempotentMutation(
    (body: SplitRequest, headers) => apiRequest<SplitResponse>('/admin/splits', { method: 'POST', body, headers }),
    ['admin', 'splits'],
  );

export const useCancelSplit = () =>
  useIdempotentMutation(
    (id: string, headers) =>
      apiRequest<SplitResponse>(`/admin/splits/${id}/cancel`, { method: 'POST', body: {}, headers }),
    ['admin', 'splits'],
  );

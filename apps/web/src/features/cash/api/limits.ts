import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export type Limits = { crypto_deposit: [number, number]; bank_deposit: [number, number]; withdrawal: [number, number] };

/** The money limits the server enforces, shown beside the forms. */
export const useLimits = () =>
  useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiData<{ chat_widget_id: string | null; limits: Limits }>('/client-config'),
    staleTime: Infinity,
    select: (config) => config.limits,
  });

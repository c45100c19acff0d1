import { queryOptions } from '@tanstack/react-query';
import { apiData } from './api-client';

/** Each range is [smallest, largest] in the settlement currency. */
type Limits = { crypto_deposit: [number, number]; bank_deposit: [number, number]; withdrawal: [number, number] };

/** What the server tells every screen once: the chat widget's id and the money limits it enforces. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => apiData<{ chat_widget_id: string | null; limits: Limits }>('/client-config'),
  staleTime: Infinity,
});

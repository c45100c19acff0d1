import type { Page, UserResource } from '@itrust/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { readAccessToken } from '../../../lib/storage-keys';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import type { PaymentMethod, Transaction } from '../../../lib/queries/wallets';

export type KycCase = UserResource & { documents: { id: string; side: 'front' | 'back'; name: string; url: string }[] };
/** A wallet request as operators see it: whose it is, and where a withdrawal is paid. */
export type AdminTransaction = Transaction & {
  user: { id: string; email: string; name: string };
  payment_method: Omit<PaymentMethod, 'id'> | null;
};
export type AuditEntry = {
  id: number;
  operator_id: string;
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  client_address: string;
  created_at: string;
};
export type UserHit = { id: string; email: string; username: string; name: string; kyc: string; role: string };

export const useKycQueue = () =>
  useQuery({
    queryKey: ['admin', 'kyc'],
    queryFn: async () =>
      (await apiData<{ users: Page<KycCase> }>('/admin/kyc?filter[status]=submitted&per_page=50')).users,
  });

export const useTransactionQueue = (type: 'credit' | 'debit') =>
  useQuery({
    queryKey: ['admin', 'transactions', type],
    queryFn: async () =>
      (
        await apiData<{ transactions: Page<AdminTransaction> }>(
          `/admin/transactions?filter[status]=pending&filter[type]=${type}&per_page=50`,
        )
      ).transactions,
  });

export const useAudit = (page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: async () => (await apiData<{ audit: Page<AuditEntry> }>(`/admin/audit?page=${page}&per_page=25`)).audit,
    placeholderData: keepPreviousData,
  });

/** The fewest characters the operators' user search sends. */
export const minimumSearch = 2;

export const useUserSearch = (search: string) =>
  useQuery({
    queryKey: ['admin', 'users', search],
    enabled: search.trim().length >= minimumSearch,
    queryFn: async () =>
      (await apiData<{ users: UserHit[] }>(`/admin/users?search=${encodeURIComponent(search.trim())}`)).users,
  });

export const useUserDetail = (id: string) =>
  useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: async () =>
      (
        await apiData<{
          user: UserResource & {
            wallet: Record<string, { balance: string; available: string }>;
            transactions: AdminTransaction[];
          };
        }>(`/admin/users/${id}`)
      ).user,
  });

/** A decision refreshes every queue and the audit log. */
export const useDecision = () =>
  useRefreshingMutation(
    ({ path, body }: { path: string; body: Record<string, string> }) =>
      apiRequest<unknown>(path, { method: 'POST', body }),
    ['admin'],
  );

/** Document images need the operator's token, so they are fetched and shown from a blob URL. */
export const useDocumentImage = (url: string) =>
  useQuery({
    queryKey: ['admin', 'document', url],
    staleTime: Infinity,
    queryFn: async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${readAccessToken() ?? ''}` } });
      if (!response.ok) throw new Error('The image could not be loaded.');
      return URL.createObjectURL(await response.blob());
    },
  });

import type {
  AdminTransactionListResponse,
  AuditActorKind,
  AuditResponse,
  KycQueueResponse,
  UserDetail,
  UserSearchResponse,
} from '@itrust/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { readAccessToken } from '../../../lib/storage-keys';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export const useKycQueue = () =>
  useQuery({
    queryKey: ['admin', 'kyc'],
    queryFn: async () => (await apiData<KycQueueResponse>('/admin/kyc?filter[status]=submitted&per_page=50')).users,
  });

export const useTransactionQueue = (type: 'credit' | 'debit') =>
  useQuery({
    queryKey: ['admin', 'transactions', type],
    queryFn: async () =>
      (
        await apiData<AdminTransactionListResponse>(
          `/admin/transactions?filter[status]=pending&filter[type]=${type}&per_page=50`,
        )
      ).transactions,
  });

/** A page of the audit log; `actor` keeps the entries of operators or of users (their own security changes). */
export const useAudit = (page: number, actor?: AuditActorKind) =>
  useQuery({
    queryKey: ['admin', 'audit', page, actor ?? 'all'],
    queryFn: async () =>
      (await apiData<AuditResponse>(`/admin/audit?page=${page}&per_page=25${actor ? `&actor=${actor}` : ''}`)).audit,
    placeholderData: keepPreviousData,
  });

/** The fewest characters the operators' user search sends. */
export const minimumSearch = 2;

export const useUserSearch = (search: string) =>
  useQuery({
    queryKey: ['admin', 'users', search],
    enabled: search.trim().length >= minimumSearch,
    queryFn: async () =>
      (await apiData<UserSearchResponse>(`/admin/users?search=${encodeURIComponent(search.trim())}`)).users,
  });

export const useUserDetail = (id: string) =>
  useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: async () => (await apiData<{ user: UserDetail }>(`/admin/users/${id}`)).user,
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

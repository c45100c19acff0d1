import type { SessionListResponse } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export const getSessions = async () => (await apiData<SessionListResponse>('/user/security/sessions')).sessions;

export const sessionsQuery = () => queryOptions({ queryKey: ['sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery());

export const signOutSession = (id: string) =>
  apiRequest<Record<string, never>>(`/user/security/sessions/${id}`, { method: 'DELETE' });

export const signOutOtherSessions = () =>
  apiRequest<{ signed_out: number }>('/user/security/sessions', { method: 'DELETE' });

export const useSignOutSession = () => useRefreshingMutation(signOutSession, ['sessions']);

export const useSignOutOtherSessions = () => useRefreshingMutation(signOutOtherSessions, ['sessions']);

import type { UserResourceResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export type TwoFactorProof = { password?: string; code?: string };

export const toggleTwoFa = (proof: TwoFactorProof = {}) =>
  apiRequest<UserResourceResponse>('/user/profile/two-fa', { method: 'POST', body: proof });

export const sendTwoFaOffCode = () =>
  apiRequest<Record<string, never>>('/user/profile/two-fa/code', { method: 'POST' });

export const useToggleTwoFa = () => useRefreshingMutation(toggleTwoFa, ['user']);

export const useSendTwoFaOffCode = () => useMutation({ mutationFn: sendTwoFaOffCode });

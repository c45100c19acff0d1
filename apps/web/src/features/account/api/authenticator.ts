import type {
  AuthenticatorConfirmResponse,
  AuthenticatorSetupResponse,
  AuthenticatorStatusResponse,
  RecoveryCodesResponse,
  UserResourceResponse,
} from '@itrust/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { storeUser } from '../../../lib/storage-keys';

export const getAuthenticatorStatus = () => apiData<AuthenticatorStatusResponse>('/user/authenticator');

export const authenticatorStatusQuery = () =>
  queryOptions({ queryKey: ['authenticator'], queryFn: getAuthenticatorStatus });

export const useAuthenticatorStatus = () => useQuery(authenticatorStatusQuery());

export const startAuthenticator = () =>
  apiRequest<AuthenticatorSetupResponse>('/user/authenticator', { method: 'POST' });

export const confirmAuthenticator = (code: string) =>
  apiRequest<AuthenticatorConfirmResponse>('/user/authenticator/confirm', { method: 'POST', body: { code } });

export type AuthenticatorProof = { password?: string; code?: string };

export const removeAuthenticator = (proof: AuthenticatorProof) =>
  apiRequest<UserResourceResponse>('/user/authenticator/remove', { method: 'POST', body: proof });

export const regenerateRecoveryCodes = () =>
  apiRequest<RecoveryCodesResponse>('/user/recovery-codes', { method: 'POST' });

/** A change that moves the user (the second step at sign-in): the stored user and the queries follow. */
function useSecurityMutation<T, R extends { message: string; data: object }>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (response) => {
      const changed: Partial<UserResourceResponse> = response.data;
      if (changed.user) {
        storeUser(changed.user);
        queryClient.setQueryData(['user'], changed.user);
      }
      await queryClient.invalidateQueries({ queryKey: ['authenticator'] });
    },
  });
}

export const useStartAuthenticator = () => useMutation({ mutationFn: startAuthenticator });
export const useConfirmAuthenticator = () => useSecurityMutation(confirmAuthenticator);
export const useRemoveAuthenticator = () => useSecurityMutation(removeAuthenticator);
export const useRegenerateRecoveryCodes = () => useSecurityMutation(regenerateRecoveryCodes);

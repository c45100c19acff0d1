import type { SessionResponse } from '@itrust/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { signWithPasskey, type PublicKeyCredentialRequestOptionsJSON } from '../../../lib/passkeys';

/** A challenge for the user's passkeys, or null when the user has none. */
export const getSecondStepOptions = async () =>
  (
    await apiData<{ options: PublicKeyCredentialRequestOptionsJSON | null }>('/user/verify-two-fa/passkey/options', {
      method: 'POST',
    })
  ).options;

// Each challenge works once: the options are fetched again after every attempt, never kept.
export const secondStepOptionsQuery = () =>
  queryOptions({ queryKey: ['passkey-second-step'], queryFn: getSecondStepOptions, staleTime: Infinity, gcTime: 0 });

export const useSecondStepOptions = () => useQuery(secondStepOptionsQuery());

export async function verifyTwoFaWithPasskey(options: PublicKeyCredentialRequestOptionsJSON) {
  const credential = await signWithPasskey(options);
  return apiRequest<SessionResponse>('/user/verify-two-fa/passkey', { method: 'POST', body: { credential } });
}

export const useVerifyTwoFaWithPasskey = () => useMutation({ mutationFn: verifyTwoFaWithPasskey });

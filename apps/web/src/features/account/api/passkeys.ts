import type { PasskeyAddedResponse, PasskeysResponse } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { createPasskey, type PublicKeyCredentialCreationOptionsJSON } from '../../../lib/passkeys';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export const getPasskeys = async () => (await apiData<PasskeysResponse>('/user/passkeys')).passkeys;

export const passkeysQuery = () => queryOptions({ queryKey: ['passkeys'], queryFn: getPasskeys });

export const usePasskeys = () => useQuery(passkeysQuery());

/** The server's challenge, the browser's prompt, then the new passkey stored under `name` (with recovery codes, once). */
export async function addPasskey(name: string) {
  const { options } = await apiData<{ options: PublicKeyCredentialCreationOptionsJSON }>('/user/passkeys/options', {
    method: 'POST',
  });
  const credential = await createPasskey(options);
  return apiRequest<PasskeyAddedResponse>('/user/passkeys', { method: 'POST', body: { name, credential } });
}

export const useAddPasskey = () => useRefreshingMutation(addPasskey, ['passkeys', 'authenticator']);

export const removePasskey = (id: string) =>
  apiRequest<Record<string, never>>(`/user/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useRemovePasskey = () => useRefreshingMutation(removePasskey, ['passkeys']);

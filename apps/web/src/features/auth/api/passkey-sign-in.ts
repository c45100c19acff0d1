import type { SessionResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { signWithPasskey, type PublicKeyCredentialRequestOptionsJSON } from '../../../lib/passkeys';

/** Signs in with a passkey alone: the server's challenge, the browser's prompt, then the signed challenge. */
export async function signInWithPasskey() {
  const { options } = await apiData<{ options: PublicKeyCredentialRequestOptionsJSON }>('/user/login/passkey/options', {
    method: 'POST',
  });
  const credential = await signWithPasskey(options);
  return apiRequest<SessionResponse>('/user/login/passkey', { method: 'POST', body: { credential } });
}

export const usePasskeySignIn = () => useMutation({ mutationFn: signInWithPasskey });

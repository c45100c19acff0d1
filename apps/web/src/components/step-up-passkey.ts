import { apiData, apiRequest } from '../lib/api-client';
import { PasskeyPromptError, passkeyPromptMessages, signWithPasskey } from '../lib/passkeys';
import type { PublicKeyCredentialRequestOptionsJSON } from '../lib/passkeys';

/** Confirms it is the user with one of their passkeys: the server's challenge, signed by the device. */
export async function stepUpWithPasskey(): Promise<void> {
  const { options } = await apiData<{ options: PublicKeyCredentialRequestOptionsJSON | null }>(
    '/user/security/step-up/passkey/options',
    { method: 'POST' },
  );
  if (!options) throw new PasskeyPromptError(passkeyPromptMessages.failed);
  const credential = await signWithPasskey(options);
  await apiRequest('/user/security/step-up/passkey', { method: 'POST', body: { credential } });
}

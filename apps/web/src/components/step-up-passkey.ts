import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiData, apiRequest } from '../lib/api-client';

/** The browser did not sign the challenge: cancelled, timed out, or no passkey of the user's on this device. */
export class PasskeyNotUsed extends Error {
  constructor() {
    super('The passkey was not used. Please try again, or confirm another way.');
    this.name = 'PasskeyNotUsed';
  }
}

/** Confirms it is the user with one of their passkeys: the server's challenge, signed by the device. */
export async function stepUpWithPasskey(): Promise<void> {
  const { options } = await apiData<{ options: PublicKeyCredentialRequestOptionsJSON | null }>(
    '/user/security/step-up/passkey/options',
    { method: 'POST' },
  );
  if (!options) throw new PasskeyNotUsed();
  // The browser's own refusal says nothing the user can act on.
  const credential = await startAuthentication({ optionsJSON: options }).catch(() => {
    throw new PasskeyNotUsed();
  });
  await apiRequest('/user/security/step-up/passkey', { method: 'POST', body: { credential } });
}

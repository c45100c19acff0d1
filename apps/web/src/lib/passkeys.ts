import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

export type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };

/** The browser's passkey prompt ended without a passkey; the message says why in the user's words. */
export class PasskeyPromptError extends Error {}

export const passkeyPromptMessages = {
  unsupported: 'This browser does not support passkeys.',
  cancelled: 'The passkey request was cancelled or timed out.',
  registeredAlready: 'This device already has a passkey for your account.',
  cannotVerify: 'This device cannot keep a passkey that confirms it is you with a PIN, fingerprint or face.',
  wrongAddress: 'Passkeys do not work at this address: open Itrust at the address it was set up with.',
  failed: 'The passkey request did not work. Please try again.',
} as const;

function promptProblem(error: unknown): string {
  if (!(error instanceof Error)) return passkeyPromptMessages.failed;
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return passkeyPromptMessages.registeredAlready;
    if (/MISSING_(USER_VERIFICATION|DISCOVERABLE)/.test(error.code)) return passkeyPromptMessages.cannotVerify;
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID')
      return passkeyPromptMessages.wrongAddress;
  }
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return passkeyPromptMessages.cancelled;
  return passkeyPromptMessages.failed;
}

async function prompt<T>(run: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw new PasskeyPromptError(passkeyPromptMessages.unsupported);
  try {
    return await run();
  } catch (error) {
    throw new PasskeyPromptError(promptProblem(error));
  }
}

/** Lets the browser create a passkey with the server's options; returns the credential to send back. */
export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  prompt(() => startRegistration({ optionsJSON }));

/** Lets the browser sign the server's challenge with a passkey; returns the assertion to send back. */
export const signWithPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  prompt(() => startAuthentication({ optionsJSON }));

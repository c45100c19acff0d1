import type { UserResource } from '@itrust/contracts';

/** Browser storage keys whose names earlier clients used too; other code reads and writes storage only through these. */
export const sessionKeys = {
  accessToken: 'accessToken',
  userInfo: 'userInfo',
  contactInfo: 'contactInfo',
  signUpAccount: 'signUpAccount',
  resetEmail: 'resetEmail',
  resetCode: 'resetCode',
  lastUpdated: 'lastUpdated',
  currencySign: 'currencySign',
} as const;

/** A session key of our own: set while the stored token waits for the emailed sign-in code (`second_step`). */
const secondStepKey = 'secondStepWaiting';

export const localKeys = {
  authPassed: 'authPassed',
  activeTab: 'activeTab',
  walletActivePage: 'wallet-active-page',
  historyActiveTab: 'history-active-tab',
  kycBannerDismissed: 'kycBannerDismissed',
  deviceId: 'deviceId',
} as const;

/** A random id for this browser, sent with every request, so the server can tell a new device from a known one. */
export function deviceId(): string {
  let id = localStorage.getItem(localKeys.deviceId);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(localKeys.deviceId, id);
  }
  return id;
}

export function readAccessToken(): string | null {
  // Rendered at build time there is no storage, and no session.
  if (typeof sessionStorage === 'undefined') return null;
  return sessionStorage.getItem(sessionKeys.accessToken);
}

export function readStoredUser(): UserResource | null {
  if (typeof sessionStorage === 'undefined') return null;
  const stored = sessionStorage.getItem(sessionKeys.userInfo);
  if (!stored) return null;
  try {
    return JSON.parse(stored) as UserResource;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: UserResource, { secondStep = false } = {}): void {
  sessionStorage.setItem(sessionKeys.accessToken, token);
  if (secondStep) sessionStorage.setItem(secondStepKey, 'true');
  else sessionStorage.removeItem(secondStepKey);
  storeUser(user);
}

export function storeUser(user: UserResource): void {
  sessionStorage.setItem(sessionKeys.userInfo, JSON.stringify(user));
  sessionStorage.setItem(sessionKeys.currencySign, user.currency.sign);
}

export function markTwoFactorPassed(): void {
  localStorage.setItem(localKeys.authPassed, 'true');
}

export function twoFactorPassed(): boolean {
  return localStorage.getItem(localKeys.authPassed) === 'true';
}

/** A token that waits for the emailed code opens nothing but /otp, whether or not two-factor sign-in is on. */
export function secondStepWaiting(): boolean {
  return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(secondStepKey) === 'true';
}

/** Where the session has to go to /otp before anything else. */
export function needsSecondStep(user: UserResource): boolean {
  return secondStepWaiting() || (user.two_fa_activated_at !== null && !twoFactorPassed());
}

/** A token that opens the signed-in screens: stored, and not waiting for the second step. */
export function fullSession(): boolean {
  return readAccessToken() !== null && !secondStepWaiting();
}

/**
 * Signing out clears both storages, as logout always has, except the device id:
 * forgetting it would make every later sign-in look like a new device.
 */
export function clearSession(): void {
  const device = localStorage.getItem(localKeys.deviceId);
  sessionStorage.clear();
  localStorage.clear();
  if (device) localStorage.setItem(localKeys.deviceId, device);
}

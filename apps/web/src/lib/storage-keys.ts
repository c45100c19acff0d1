/** Browser storage keys named by the specification; other code reads and writes storage only through these. */
export const sessionKeys = {
  accessToken: 'accessToken',
  userInfo: 'userInfo',
  contactInfo: 'contactInfo',
  currencySign: 'currencySign',
} as const;

export const localKeys = {
  authPassed: 'authPassed',
  activeTab: 'activeTab',
  walletActivePage: 'wallet-active-page',
} as const;

export function readAccessToken(): string | null {
  return sessionStorage.getItem(sessionKeys.accessToken);
}

/** Signing out clears both storages, as the specification's logout does. */
export function clearSession(): void {
  sessionStorage.clear();
  localStorage.clear();
}

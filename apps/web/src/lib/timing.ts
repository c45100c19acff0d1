/** The delays the product's messages and redirects wait, in one place. */
export const timing = {
  messageMs: 3000,
  signInRedirectMs: 1000,
  toastMs: 5000,
  copiedMs: 2000,
} as const;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Window
  interface Window {
    /** Answers index.html's loader requested before the app's code had run, by API path. */
    itrustEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/** The answer to GET `/api${path}` the page's loader already asked for, taken once; later calls fetch afresh. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.itrustEarly;
  const answer = early?.[path];
  if (early) early[path] = undefined;
  return answer;
}

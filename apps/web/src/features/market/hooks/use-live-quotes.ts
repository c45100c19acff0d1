import { useCallback, useSyncExternalStore } from 'react';
import { latestQuotes, watchQuotes } from '../api/quote-stream';
import type { Asset } from '../api/types';

/** The newest quote of each symbol, pushed by the server on the page's one quote stream; reconnects by itself. */
export function useLiveQuotes(symbols: string[]): Readonly<Record<string, Asset>> {
  const key = [...symbols].sort().join(',');
  const subscribe = useCallback((onQuote: () => void) => watchQuotes(key ? key.split(',') : [], onQuote), [key]);
  return useSyncExternalStore(subscribe, latestQuotes);
}

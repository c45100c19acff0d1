import { useCallback, useSyncExternalStore } from 'react';
import { latestQuotes, watchQuotes } from '../api/quote-stream';
import type { Asset } from '@itrust/contracts';

/** The newest quote of each symbol, pushed by the server on the page's one quote stream; reconnects by itself. */
export function useLiveQuotes(symbols: string[]): Readonly<Record<string, Asset>> {
  const key = [...symbols].sort().join(',');
  const subscribe = useCallback((onQuote: () => void) => watchQuotes(key ? key.split(',') : [], onQuote), [key]);
  return useSyncExternalStore(subscribe, latestQuotes);
}

/**
 * An asset as the API returned it to the caller, moved to its newest streamed quote. The stream is the same
 * for everybody and counts watchlists as of its tick, so the caller's own star and the count they just
 * changed stay as the API returned them.
 */
export function withLiveQuote(asset: Asset | null | undefined, quote: Asset | undefined): Asset | null | undefined {
  return quote && asset ? { ...quote, watchers: asset.watchers, starred: asset.starred } : (quote ?? asset);
}

import { useEffect, useState } from 'react';
import type { Asset } from '../api/types';

/** The newest quote of each symbol, pushed by the server (Server-Sent Events); reconnects by itself. */
export function useLiveQuotes(symbols: string[]): Record<string, Asset> {
  const [quotes, setQuotes] = useState<Record<string, Asset>>({});
  const key = [...symbols].sort().join(',');

  useEffect(() => {
    if (!key) return;
    const source = new EventSource(`/api/stream/quotes?symbols=${encodeURIComponent(key)}`);
    source.addEventListener('quote', (event) => {
      const quote = JSON.parse((event as MessageEvent<string>).data) as Asset;
      setQuotes((current) => ({ ...current, [quote.symbol]: quote }));
    });
    return () => source.close();
  }, [key]);

  return quotes;
}

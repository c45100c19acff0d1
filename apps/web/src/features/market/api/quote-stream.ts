import { quoteEvent, type QuoteEvent } from '@itrust/contracts/market';

/**
 * One Server-Sent Events stream per page for every symbol any component watches: the market list
 * and the trade form beside it share it instead of each holding a connection. When the set of
 * symbols changes, the stream is opened again for the new set once the current render's effects
 * have run (a quote missed in that moment is replaced by the next tick).
 */
const watchers = new Map<string, number>();
const listeners = new Set<() => void>();
let quotes: Readonly<Record<string, QuoteEvent>> = {};
let source: EventSource | undefined;
let openFor = '';
let reconcileQueued = false;
let reopen: ReturnType<typeof setTimeout> | undefined;
let refusals = 0;
let arrived: Record<string, QuoteEvent> = {};
let frameQueued = false;

/**
 * The browser retries a dropped stream by itself, but not one the server refused (too many streams,
 * or busy): that one is opened again after a pause that grows with each refusal in a row.
 */
function reopenLater() {
  const pause = Math.min(30_000 * 2 ** refusals, 5 * 60_000) * (0.75 + Math.random() / 2);
  refusals += 1;
  reopen = setTimeout(() => {
    reopen = undefined;
    openFor = '';
    reconcile();
  }, pause);
}

function reconcile() {
  reconcileQueued = false;
  const symbols = [...watchers.keys()].sort().join(',');
  if (symbols === openFor) return;
  source?.close();
  source = undefined;
  clearTimeout(reopen);
  reopen = undefined;
  openFor = symbols;
  if (!symbols) return;
  const opened = new EventSource(`/api/stream/quotes?symbols=${encodeURIComponent(symbols)}`);
  source = opened;
  opened.addEventListener('open', () => (refusals = 0));
  opened.addEventListener('error', () => {
    if (opened === source && opened.readyState === EventSource.CLOSED) reopenLater();
  });
  opened.addEventListener('quote', (event) => {
    // An event that does not match the contract is dropped rather than shown.
    const quote = quoteEvent.safeParse(JSON.parse((event as MessageEvent<string>).data));
    if (!quote.success) return;
    arrived[quote.data.symbol] = quote.data;
    if (frameQueued) return;
    frameQueued = true;
    requestAnimationFrame(showArrived);
  });
}

/**
 * A stream opens with a burst of quotes, one event each: they are shown together, once a frame,
 * so that the list renders once rather than once per quote.
 */
function showArrived() {
  frameQueued = false;
  const watched = Object.entries(arrived).filter(([symbol]) => watchers.has(symbol));
  arrived = {};
  if (watched.length === 0) return;
  quotes = { ...quotes, ...Object.fromEntries(watched) };
  listeners.forEach((listener) => listener());
}

function queueReconcile() {
  if (reconcileQueued) return;
  reconcileQueued = true;
  queueMicrotask(reconcile);
}

/** Watches `symbols` until the returned function is called; `onQuote` runs on every new quote. */
export function watchQuotes(symbols: readonly string[], onQuote: () => void): () => void {
  for (const symbol of symbols) watchers.set(symbol, (watchers.get(symbol) ?? 0) + 1);
  listeners.add(onQuote);
  queueReconcile();
  return () => {
    listeners.delete(onQuote);
    for (const symbol of symbols) {
      const left = (watchers.get(symbol) ?? 0) - 1;
      if (left > 0) {
        watchers.set(symbol, left);
        continue;
      }
      watchers.delete(symbol);
      // Nobody watches it now: a later watcher starts from the list's price, not from an old quote.
      if (symbol in quotes)
        quotes = Object.fromEntries(Object.entries(quotes).filter(([watched]) => watched !== symbol));
    }
    queueReconcile();
  };
}

/** The newest quote of every watched symbol that has had one since it was first watched. */
export const latestQuotes = (): Readonly<Record<string, QuoteEvent>> => quotes;

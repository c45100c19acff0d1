import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { presentAsset, type AssetView } from './asset.presenter.ts';
import type { MarketRepository } from './market.repository.ts';
import { ticksChannel } from './tick.ts';

/** A client of the stream; while it is `waiting` (its buffer full), ticks pass it by. */
type Subscriber = { symbols: Set<string>; send: (events: string) => void; waiting: () => boolean };

/**
 * Fans ticks out to Server-Sent-Event clients. Every API process LISTENs on the ticks channel,
 * so a tick written by any process reaches the clients of all of them.
 */
export function createQuoteHub(
  db: Database,
  market: MarketRepository,
  log: { error: (details: object, message: string) => void },
) {
  const subscribers = new Set<Subscriber>();
  let listener: pg.PoolClient | undefined;
  // Each quote's event text, made once per tick for all clients.
  let latest = new Map<string, string>();
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function refresh() {
    const quotes: AssetView[] = (await market.quotes()).map(presentAsset);
    latest = new Map(quotes.map((quote) => [quote.symbol, `event: quote\ndata: ${JSON.stringify(quote)}\n\n`]));
  }

  /** The newest event of each of `symbols`, as one text. */
  function eventsOf(symbols: Set<string>): string {
    let events = '';
    for (const symbol of symbols) events += latest.get(symbol) ?? '';
    return events;
  }

  async function publish() {
    await refresh();
    for (const subscriber of subscribers) {
      if (subscriber.waiting()) continue;
      const events = eventsOf(subscriber.symbols);
      if (events) subscriber.send(events);
    }
  }

  const listenLater = () => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void listen(), 3000).unref();
  };

  /** Listens for ticks; while the database is away it tries again every few seconds instead of failing the app. */
  async function listen(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await db.$client.connect();
      const own = client;
      own.on('notification', (message) => {
        if (message.channel !== ticksChannel) return;
        publish().catch((error: unknown) => log.error({ err: error }, 'publishing quotes failed'));
      });
      // Only the listening client is let go here: once stop or the catch below has let it go, its errors are not ours.
      own.on('error', () => {
        if (listener !== own) return;
        listener = undefined;
        own.release(true);
        listenLater();
      });
      await own.query(`listen ${ticksChannel}`);
      if (stopped) own.release(true);
      else listener = own;
    } catch (error) {
      log.error({ err: error }, 'listening for market ticks failed; trying again');
      client?.release(true);
      listenLater();
    }
  }

  return {
    start: listen,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      subscribers.clear();
      const client = listener;
      listener = undefined;
      // Closed rather than given back: its LISTEN and its handlers end with it.
      client?.release(true);
    },
    /** Sends the current quotes at once, then each new tick's; returns the unsubscribe function. */
    async subscribe(
      symbols: Set<string>,
      send: Subscriber['send'],
      waiting: Subscriber['waiting'] = () => false,
    ): Promise<() => void> {
      const subscriber = { symbols, send, waiting };
      subscribers.add(subscriber);
      if (latest.size === 0) await refresh();
      const events = eventsOf(symbols);
      if (events) send(events);
      return () => subscribers.delete(subscriber);
    },
    latest: eventsOf,
  };
}

export type QuoteHub = ReturnType<typeof createQuoteHub>;

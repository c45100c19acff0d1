import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { roundPrice } from './engine.ts';
import type { QuoteProvider } from './provider.ts';
import { announceTick, writeQuotes } from './tick.ts';

/** A tick from a real provider: its quotes and FX rates replace the simulated ones. */
export async function runProviderTick(db: Database, clock: Clock, provider: QuoteProvider): Promise<number> {
  const { rows: listed } = await db.execute<{ id: number; symbol: string; type: 'stocks' | 'crypto' }>(
    sql`select id, symbol, type from assets`,
  );
  const [quotes, rates] = await Promise.all([provider.quotes(listed), provider.fxRates(['USD', 'EUR', 'GBP', 'CAD'])]);
  const idOf = new Map(listed.map((asset) => [asset.symbol, asset.id]));
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7201004)`);
    await writeQuotes(
      tx,
      quotes.map((quote) => ({
        assetId: idOf.get(quote.symbol) ?? 0,
        price: roundPrice(quote.price),
        previousClose: roundPrice(quote.previousClose),
        dayOpen: roundPrice(quote.previousClose),
        dayHigh: roundPrice(quote.dayHigh),
        dayLow: roundPrice(quote.dayLow),
        volume: quote.volume.toFixed(2),
        marketCap: (quote.marketCap ?? 0).toFixed(2),
      })),
      now,
    );
    for (const [currency, rate] of Object.entries(rates)) {
      await tx.execute(
        sql`update fx_rates set rate = ${rate.toFixed(10)}, updated_at = ${now} where currency = ${currency}`,
      );
    }
    return announceTick(tx);
  });
}

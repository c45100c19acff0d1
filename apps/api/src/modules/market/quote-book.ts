import { AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { readerOf, type Database } from '../../db/client.ts';
import { toUnits } from '../../lib/fixed-point.ts';
import { dayQuoteOf, type DayQuote } from '../trading/held-lots.ts';

/**
 * This process's copy of every asset's quote and every exchange rate, to value kept positions
 * without a read (portfolio.service.ts). The change feed reads it again whenever prices or rates
 * changed, before it serves anything kept (db/change-feed.ts); `version` names each copy.
 */
export function createQuoteBook(db: Database) {
  let quotes = new Map<number, DayQuote>();
  let rates = new Map<string, bigint>();
  let version = 0;

  // Run where the book was made (at start-up), never inside the transaction of the request whose
  // wait set the read off.
  const refresh = AsyncResource.bind(async () => {
    const reader = readerOf(db);
    const [quoteRows, rateRows] = await Promise.all([
      reader.execute<{ asset_id: number; price: string; previous_close: string; trading_day: string }>(
        sql`select asset_id, price::text, previous_close::text, to_char(trading_day, 'YYYY-MM-DD') as trading_day
          from asset_quotes`,
      ),
      reader.execute<{ currency: string; rate: string }>(sql`select currency, rate::text from fx_rates`),
    ]);
    quotes = new Map(
      quoteRows.rows.map((row) => [row.asset_id, dayQuoteOf(row.price, row.previous_close, row.trading_day)]),
    );
    rates = new Map(rateRows.rows.map((row) => [row.currency, toUnits(row.rate, 10)]));
    version += 1;
  });

  return {
    refresh,
    get version() {
      return version;
    },
    quote: (assetId: number) => quotes.get(assetId),
    /** The currency's rate to the dollar; 1 for a currency without one, as the SQL valuation takes it. */
    rate: (currency: string) => rates.get(currency) ?? 10_000_000_000n,
  };
}

export type QuoteBook = ReturnType<typeof createQuoteBook>;

import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { roundPrice } from '../modules/market/engine.ts';
import { catalogue, referenceFxRates } from '../modules/market/catalogue.ts';
import { backfill, day, floorTo } from '../modules/market/history.ts';
import { columns, seedOnce } from './transaction.ts';

const batchSize = 20_000;

export async function seedMarket(
  db: Database,
  clock: Clock,
  seed: number,
  onProgress: (step: string) => void,
): Promise<boolean> {
  return seedOnce(db, 7201003, 'assets', async (client) => {
    onProgress(`Listing ${catalogue.length} assets`);
    const inserted = await client.query<{ id: number; symbol: string }>(
      `insert into assets (symbol, name, type, listed_on, volatility, reference_market_cap, reference_price)
       select * from unnest($1::text[], $2::text[], $3::asset_type[], $4::date[], $5::numeric[], $6::numeric[], $7::numeric[])
       returning id, symbol`,
      columns(
        catalogue.map((entry) => [
          entry.symbol,
          entry.name,
          entry.type,
          entry.listedOn,
          entry.volatility,
          entry.marketCap,
          entry.price,
        ]),
      ),
    );
    const idOf = new Map(inserted.rows.map((row) => [row.symbol, row.id]));
    const now = clock.now();
    const elapsedToday = (now.getTime() - floorTo(now.getTime(), day)) / day;

    const bars: (string | number)[][] = [];
    const quotes: (string | number)[][] = [];
    for (const entry of catalogue) {
      const assetId = idOf.get(entry.symbol) ?? 0;
      const history = backfill(entry, now.getTime(), seed);
      for (const bar of history.bars) {
        bars.push([
          assetId,
          bar.resolution,
          new Date(bar.startsAt).toISOString(),
          roundPrice(bar.open),
          roundPrice(bar.high),
          roundPrice(bar.low),
          roundPrice(bar.close),
        ]);
      }
      quotes.push([
        assetId,
        roundPrice(history.price),
        roundPrice(history.previousClose),
        roundPrice(history.dayOpen),
        roundPrice(history.dayHigh),
        roundPrice(history.dayLow),
        (entry.avgVolume * elapsedToday).toFixed(2),
        entry.avgVolume.toFixed(2),
        entry.marketCap.toFixed(2),
      ]);
    }
    await client.query(
      `insert into asset_quotes (asset_id, price, previous_close, day_open, day_high, day_low, volume, avg_volume, market_cap, trading_day, updated_at)
       select q.*, $10::date, $11::timestamptz from unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[]) as q`,
      [...columns(quotes), now.toISOString().slice(0, 10), now],
    );
    for (let start = 0; start < bars.length; start += batchSize) {
      onProgress(
        `Back-filling price history ${Math.min(start + batchSize, bars.length).toLocaleString('en-US')} / ${bars.length.toLocaleString('en-US')}`,
      );
      await client.query(
        `insert into price_bars (asset_id, resolution, starts_at, open, high, low, close)
         select * from unnest($1::int[], $2::bar_resolution[], $3::timestamptz[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])`,
        columns(bars.slice(start, start + batchSize)),
      );
    }
    const rates = Object.entries(referenceFxRates);
    await client.query(
      `insert into fx_rates (currency, rate, reference_rate, updated_at)
       select c, r, r, $3 from unnest($1::text[], $2::numeric[]) as t(c, r)`,
      [...columns(rates), now],
    );
  });
}

import { assetIconPath } from '@itrust/contracts';
import { decimalString } from '../../lib/money.ts';
import type { AssetRow } from './market.repository.ts';

/** An asset with the field names the web app reads; prices and amounts stay decimal strings. */
export function presentAsset(row: AssetRow) {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    img: assetIconPath(row.symbol),
    type: row.type,
    price: decimalString(row.price),
    changes_percentage: Number(row.changes_percentage).toFixed(2),
    day_high: decimalString(row.day_high),
    day_low: decimalString(row.day_low),
    market_cap: decimalString(row.market_cap),
    previous_close: decimalString(row.previous_close),
    avg_volume: decimalString(row.avg_volume),
    volume: decimalString(row.volume),
    listed_on: row.listed_on,
    rank: row.rank,
    watchers: row.watchers,
    starred: row.starred,
  };
}

export type AssetView = ReturnType<typeof presentAsset>;

import { ExactDecimal, percentOf, toMoney } from '@itrust/contracts/money';
import type { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { tradeValue } from '../../lib/trade-cash.ts';

/**
 * A part of an open position bought at one time and still held: its quantity, what it cost in the
 * settlement currency, when it was bought (ms).
 */
export type Lot = { assetId: number; quantity: string; cost: string; boughtAt: number };

/** An asset's price now and at the previous close, and when the day after that close began (ms). */
export type DayQuote = { price: string; previousClose: string; dayStartsAt: number };

/** The columns of heldLots, as text. */
export type LotRow = {
  position_id: string;
  wallet: string;
  asset_id: number;
  quantity: string;
  cost: string;
  bought_at: string;
};

/**
 * The lots of a user's open positions: each buy of a position, newest first, up to the quantity it
 * still holds (sales take the oldest first). Each lot costs what its buy did, and the oldest one
 * left what remains of the position's cost, so a position's lots always add up to its cost.
 */
export const heldLots = (userId: string) => sql`
  select position_id, wallet, asset_id,
    least(quantity, held - newer_quantity)::text as quantity,
    (case when held - newer_quantity <= quantity then position_cost - newer_cost else amount end)::text as cost,
    floor(extract(epoch from bought_at) * 1000)::bigint::text as bought_at
  from (
    select p.id as position_id, p.wallet::text, p.asset_id, p.quantity as held, p.cost as position_cost,
      b.quantity, b.amount, b.created_at as bought_at,
      coalesce(sum(b.quantity) over newer, 0) as newer_quantity, coalesce(sum(b.amount) over newer, 0) as newer_cost
    from positions p join trades b on b.position_id = p.id and b.user_id = ${userId} and b.side = 'buy'
    where p.user_id = ${userId} and p.status = 'open'
    window newer as (partition by p.id order by b.created_at desc, b.id desc rows between unbounded preceding and 1 preceding)
  ) buys
  where newer_quantity < held`;

export const lotOf = (row: LotRow): Lot => ({
  assetId: row.asset_id,
  quantity: row.quantity,
  cost: row.cost,
  boughtAt: Number(row.bought_at),
});

/** A quote as its columns read: price, previous close, and the trading day as 'YYYY-MM-DD'. */
export const dayQuoteOf = (price: string, previousClose: string, tradingDay: string): DayQuote => ({
  price,
  previousClose,
  dayStartsAt: Date.parse(`${tradingDay}T00:00:00Z`),
});

/** What lots are worth now and what they were worth at the start of today, exactly. */
export type DayValue = { value: Decimal; reference: Decimal; any: boolean };

/**
 * The one measure of "today" for positions, wallets and the portfolio: each lot moves from the
 * later of the previous close and its purchase, so a lot bought today moves by all it gained since.
 * A lot whose asset has no quote counts nothing. `rate` converts dollars to the settlement currency.
 */
export function dayValueOf(
  lots: Iterable<Lot>,
  quoteOf: (assetId: number) => DayQuote | undefined,
  rate: string,
): DayValue {
  let value = new ExactDecimal(0);
  let reference = new ExactDecimal(0);
  let any = false;
  for (const lot of lots) {
    const quote = quoteOf(lot.assetId);
    if (!quote) continue;
    any = true;
    value = value.plus(tradeValue(lot.quantity, quote.price, rate));
    reference = reference.plus(
      lot.boughtAt >= quote.dayStartsAt ? lot.cost : tradeValue(lot.quantity, quote.previousClose, rate),
    );
  }
  return { value, reference, any };
}

/** Today's move in money and as a percentage of what the lots were worth at its start. */
export function todayOf({ value, reference }: DayValue) {
  const moved = toMoney(value.minus(reference));
  return { today_pl: moved, today_pl_percentage: percentOf(moved, toMoney(reference)) };
}

import { fromCents } from '@itrust/contracts/money';
import { sql } from 'drizzle-orm';
import { percentOf, roundUnits, toUnits } from '../../lib/fixed-point.ts';

/**
 * A part of an open position bought at one time and still held: quantity in units of 10^-8, what it
 * cost in cents of the settlement currency, when it was bought (ms).
 */
export type Lot = {
  positionId: string;
  wallet: 'auto' | 'brokerage';
  assetId: number;
  quantity: bigint;
  cost: bigint;
  boughtAt: number;
};

/** An asset's price now and at the previous close (units of 10^-10), and when the day after that close began (ms). */
export type DayQuote = { price: bigint; previousClose: bigint; dayStartsAt: number };

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
  positionId: row.position_id,
  wallet: row.wallet === 'auto' ? 'auto' : 'brokerage',
  assetId: row.asset_id,
  quantity: toUnits(row.quantity, 8),
  cost: toUnits(row.cost, 2),
  boughtAt: Number(row.bought_at),
});

/** A quote as its columns read: price, previous close, and the trading day as 'YYYY-MM-DD'. */
export const dayQuoteOf = (price: string, previousClose: string, tradingDay: string): DayQuote => ({
  price: toUnits(price, 10),
  previousClose: toUnits(previousClose, 10),
  dayStartsAt: Date.parse(`${tradingDay}T00:00:00Z`),
});

// Quantities 8 places, prices 10, rates 10: values have 28; a cost (2 places) is raised to them.
const valueScale = 28;
const costToValue = 10n ** 26n;

/** What lots are worth now and what they were worth at the start of today, in units of 10^-28. */
export type DayValue = { value: bigint; reference: bigint; any: boolean };

/**
 * The one measure of "today" for positions, wallets and the portfolio: each lot moves from the
 * later of the previous close and its purchase, so a lot bought today moves by all it gained since.
 * A lot whose asset has no quote counts nothing. `rate` converts dollars to the settlement currency.
 */
export function dayValueOf(
  lots: Iterable<Lot>,
  quoteOf: (assetId: number) => DayQuote | undefined,
  rate: bigint,
): DayValue {
  let value = 0n;
  let reference = 0n;
  let any = false;
  for (const lot of lots) {
    const quote = quoteOf(lot.assetId);
    if (!quote) continue;
    any = true;
    value += lot.quantity * quote.price * rate;
    reference += lot.boughtAt >= quote.dayStartsAt ? lot.cost * costToValue : lot.quantity * quote.previousClose * rate;
  }
  return { value, reference, any };
}

/** Value units to cents, to the nearest, halves away from zero. */
export const valueCents = (units: bigint) => roundUnits(units, valueScale, 2);

/** Today's move in money and as a percentage of what the lots were worth at its start. */
export function todayOf({ value, reference }: DayValue) {
  const moved = valueCents(value - reference);
  return { today_pl: fromCents(moved), today_pl_percentage: percentOf(moved, valueCents(reference)) };
}

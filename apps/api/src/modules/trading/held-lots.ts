import { ExactDecimal, percentOf, toMoney } from '@itrust/contracts/money';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The splits applied to a position since `at`: the exact ratio, `split_to / split_from`, they
 * multiplied its shares by (1 / 1 when none). Trades keep the share counts of their day.
 */
export const splitsSince = (positionId: SQL, at: SQL) => sql`
  lateral (
    select coalesce(numeric_product(s.ratio_to), 1) as split_to, coalesce(numeric_product(s.ratio_from), 1) as split_from
    from position_splits ps join splits s on s.id = ps.split_id
    where ps.position_id = ${positionId} and ps.applied_at > ${at})`;

/**
 * The lots of a user's open positions: each buy of a position, newest first, up to the quantity it
 * still holds (sales take the oldest first). Each lot costs what its buy did, and the oldest one
 * left what remains of the position's cost, so a position's lots always add up to its cost. A buy
 * keeps the share count of its day; the splits applied to its position since multiply it, rounded
 * down as the position's own quantity was.
 */
const heldLots = (userId: string) => sql`
  select position_id, wallet, asset_id, bought_at, least(quantity, held - newer_quantity) as quantity,
    case when held - newer_quantity <= quantity then position_cost - newer_cost else amount end as cost
  from (
    select *, coalesce(sum(quantity) over newer, 0) as newer_quantity, coalesce(sum(amount) over newer, 0) as newer_cost
    from (
      select p.id as position_id, p.wallet::text, p.asset_id, p.quantity as held, p.cost as position_cost,
        trunc(b.quantity * f.split_to / f.split_from, 8) as quantity, b.amount, b.created_at as bought_at, b.id as buy_id
      from positions p join trades b on b.position_id = p.id and b.user_id = ${userId} and b.side = 'buy'
        cross join ${splitsSince(sql`p.id`, sql`b.created_at`)} f
      where p.user_id = ${userId} and p.status = 'open'
    ) scaled
    window newer as (partition by position_id order by bought_at desc, buy_id desc rows between unbounded preceding and 1 preceding)
  ) buys
  where newer_quantity < held`;

/** What open positions are worth now and were worth at the start of today: none when null. */
export type DayValueRow = { value: string | null; reference: string | null };

/**
 * The one valuation of open positions, for positions, wallets and the portfolio, exact in numeric:
 * each lot at the current price in the settlement currency, and its reference for "today", the
 * later of the previous close and its purchase (so a lot bought today moves by all it gained
 * since). A lot whose asset has no quote counts nothing.
 */
export const dayValues = (userId: string, by: SQL) => sql`
  select ${by}, sum(l.quantity * q.price * r.rate)::text as value,
    sum(case when l.bought_at >= q.trading_day::timestamp at time zone 'UTC' then l.cost
      else l.quantity * q.previous_close * r.rate end)::text as reference
  from (${heldLots(userId)}) l join asset_quotes q on q.asset_id = l.asset_id
  cross join (select coalesce((select f.rate from users u join currencies c on c.id = u.currency_id
    join fx_rates f on f.currency = c.code where u.id = ${userId}), 1) as rate) r
  group by ${by}`;

/** Today's move in money and as a percentage of what the lots were worth at its start. */
export function todayOf(day?: DayValueRow) {
  const moved = new ExactDecimal(day?.value ?? 0).minus(day?.reference ?? 0);
  return { today_pl: toMoney(moved), today_pl_percentage: percentOf(moved, day?.reference ?? 0) };
}

import { assetIconPath, type Holding, type Position, type Trade } from '@itrust/contracts';
import { ExactDecimal, percentOf, toMoney } from '@itrust/contracts/money';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { preparedRows, type Database } from '../../db/client.ts';
import { isoTime } from '../../db/sql-time.ts';
import type { Cursor } from '../../lib/csv.ts';
import type { Period } from '../../lib/period.ts';
import { tradeValue } from '../../lib/trade-cash.ts';
import { dayValues, splitsSince, todayOf } from './held-lots.ts';
import { createPositionClosing } from './position-closing.service.ts';
import { createPositionOpening } from './position-opening.service.ts';
import { createOrders } from './orders.service.ts';
import { createTradeSettlement, type TradingDeps } from './trade-settlement.service.ts';

// The step that fills waiting orders after each tick (start.ts runs it).
export { createOrderFills } from './order-fills.ts';
export { endOrder } from './order-holds.ts';
// The one valuation of open positions, which the portfolio reads too.
export { dayValues, todayOf, type DayValueRow } from './held-lots.ts';

export function createTradingService(deps: TradingDeps) {
  const settlement = createTradeSettlement(deps);
  return {
    ...createPositionOpening(deps, settlement),
    ...createPositionClosing(deps, settlement),
    ...createOrders(deps, settlement),
    ...tradingReads(deps.db),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;

type PositionView = {
  id: string;
  asset_id: number;
  symbol: string;
  name: string;
  type: Position['asset_type'];
  wallet: Position['account'];
  status: Position['status'];
  quantity: string;
  entry_price: string;
  price: string;
  rate: string;
  /** The open position's value and reference for today (held-lots.ts); null once closed. */
  day_value: string | null;
  day_reference: string | null;
  cost: string;
  realised_pl: string;
  take_profit: string | null;
  stop_loss: string | null;
  leverage: number;
  order_type: string;
  close_reason: Position['close_reason'];
  created_at: string;
  closed_at: string | null;
};

type TradeRow = Pick<
  Trade,
  'id' | 'type' | 'quantity' | 'price' | 'amount' | 'pl' | 'reason' | 'status' | 'created_at'
> & {
  wallet: Trade['account'];
  symbol: string;
  name: string;
  asset_type: Trade['asset']['type'];
};

/** A trade with what values a buy still open: its position's holding, cost and the current price. */
type HistoryRow = TradeRow & {
  opened_cost: string;
  held: string;
  opened_quantity: string;
  held_cost: string;
  market_price: string;
  rate: string;
  split_to: string;
  split_from: string;
  total: number;
};

/** Position figures from prices: value, cost, P/L, and today's P/L from its lots (held-lots.ts). */
function presentPosition(row: PositionView): Position {
  const today = todayOf({ value: row.day_value, reference: row.day_reference });
  // Value and P/L to the cent, halves away from zero.
  const exactValue = tradeValue(row.quantity, row.price, row.rate);
  const exactPl = new ExactDecimal(exactValue).minus(row.cost);
  const value = toMoney(exactValue);
  const pl = toMoney(exactPl);
  const img = assetIconPath(row.symbol);
  return {
    id: row.id,
    asset_id: row.asset_id,
    asset: { name: row.name, symbol: row.symbol, img, type: row.type },
    asset_type: row.type,
    account: row.wallet,
    type: 'buy' as const,
    quantity: row.quantity,
    price: row.entry_price,
    amount: row.cost,
    value,
    cost: row.cost,
    pl,
    // From the unrounded P/L, as a trade's and a holding's percentage are.
    pl_percentage: percentOf(exactPl, row.cost),
    ...today,
    realised_pl: row.realised_pl,
    leverage: row.leverage,
    tp: row.take_profit,
    sl: row.stop_loss,
    order_type: row.order_type,
    status: row.status,
    close_reason: row.close_reason,
    created_at: row.created_at,
    closed_at: row.closed_at,
  };
}

/** The reads of positions, holdings and trades, valued at the current price in the user's currency. */
function tradingReads(db: Database) {
  return {
    async positions(
      userId: string,
      status: 'open' | 'closed' | null,
      page: number,
      perPage: number,
      filter: { symbol?: string | undefined; wallet?: string | undefined; type?: string | undefined } = {},
    ) {
      const rows = await preparedRows<PositionView & { total: number }>(
        db,
        'positions_page',
        sql`
        with today as materialized (${dayValues(userId, sql`l.position_id`)})
        select p.id, p.asset_id, a.symbol, a.name, a.type::text, p.wallet::text, p.status::text, p.quantity::text, p.entry_price::text,
          q.price::text, f.rate::text, t.value as day_value, t.reference as day_reference, p.cost::text, p.realised_pl::text, x.limit_price::text as take_profit, x.stop_price::text as stop_loss,
          p.leverage, p.order_type, p.close_reason::text, ${isoTime(sql`p.created_at`)} as created_at, ${isoTime(sql`p.closed_at`)} as closed_at, count(*) over ()::int as total
        from positions p join assets a on a.id = p.asset_id join asset_quotes q on q.asset_id = p.asset_id
        join users u on u.id = p.user_id join currencies c on c.id = u.currency_id join fx_rates f on f.currency = c.code
        left join today t on t.position_id = p.id
        left join orders x on x.position_id = p.id and x.type = 'exit' and (x.status <> 'cancelled' or x.end_reason = 'position_closed')
        where p.user_id = ${userId} and (${status}::position_status is null or p.status = ${status}::position_status)
          and (${filter.symbol ?? null}::text is null or a.symbol = ${filter.symbol ?? null})
          and (${filter.wallet ?? null}::text is null or p.wallet::text = ${filter.wallet ?? null})
          and (${filter.type ?? null}::text is null or a.type::text = ${filter.type ?? null})
        order by p.created_at desc limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      return { data: rows.map(presentPosition), total: rows[0]?.total ?? 0 };
    },

    /** Open positions summed per asset, most valuable first: every position, however many there are. */
    async holdings(userId: string) {
      const { rows } = await db.execute<{
        asset_id: number;
        symbol: string;
        name: string;
        type: Holding['asset']['type'];
        quantity: string;
        value: string;
        cost: string;
      }>(sql`
        select a.id as asset_id, a.symbol, a.name, a.type::text, sum(p.quantity)::text as quantity,
          sum(p.quantity * q.price * f.rate)::text as value, sum(p.cost)::text as cost
        from positions p join assets a on a.id = p.asset_id join asset_quotes q on q.asset_id = p.asset_id
        join users u on u.id = p.user_id join currencies c on c.id = u.currency_id join fx_rates f on f.currency = c.code
        where p.user_id = ${userId} and p.status = 'open'
        group by a.id, a.symbol, a.name, a.type
        order by sum(p.quantity * q.price * f.rate) desc, a.symbol`);
      return rows.map((row) => {
        const pl = new ExactDecimal(row.value).minus(row.cost);
        return {
          asset: { id: row.asset_id, symbol: row.symbol, name: row.name, type: row.type },
          quantity: row.quantity,
          value: toMoney(row.value),
          cost: toMoney(row.cost),
          pl: toMoney(pl),
          pl_percentage: percentOf(pl, row.cost),
        };
      });
    },

    /** One page of trades, of one asset when `symbol` is given; a buy still open carries its P/L at the current price. */
    async trades(userId: string, page: number, perPage: number, period?: Period, symbol?: string) {
      const { rows } = await db.execute<HistoryRow>(sql`
        select t.id, t.side::text as type, t.quantity::text, t.price::text, t.amount::text, t.realised_pl::text as pl, t.reason::text,
          ${isoTime(sql`t.created_at`)} as created_at, p.status::text, p.wallet::text, p.opened_cost::text, a.symbol, a.name, a.type::text as asset_type,
          p.quantity::text as held, p.opened_quantity::text, p.cost::text as held_cost, q.price::text as market_price, f.rate::text,
          s.split_to::text, s.split_from::text, count(*) over ()::int as total
        from trades t join positions p on p.id = t.position_id join assets a on a.id = t.asset_id
        cross join ${splitsSince(sql`p.id`, sql`t.created_at`)} s
        join asset_quotes q on q.asset_id = t.asset_id join users u on u.id = t.user_id
        join currencies c on c.id = u.currency_id join fx_rates f on f.currency = c.code
        where t.user_id = ${userId} ${withinPeriod(period)} and (${symbol ?? null}::text is null or a.symbol = ${symbol ?? null})
        order by t.created_at desc, (t.side = 'sell') desc, t.id desc limit ${perPage} offset ${(page - 1) * perPage}`);
      const data = rows.map((row) => ({ ...presentTrade(row), ...openBuyPl(row) }));
      return { data, total: rows[0]?.total ?? 0 };
    },

    /** A batch of trades for the CSV export, newest first after a keyset cursor. */
    tradeBatch: async (userId: string, period: Period | undefined, after: Cursor | undefined, size: number) => {
      const { rows } = await db.execute<TradeRow & { cursor_time: string }>(sql`
        select t.id, t.side::text as type, t.quantity::text, t.price::text, t.amount::text, t.realised_pl::text as pl, t.reason::text,
          ${isoTime(sql`t.created_at`)} as created_at, t.created_at::text as cursor_time, p.status::text, p.wallet::text, a.symbol, a.name,
          a.type::text as asset_type
        from trades t join positions p on p.id = t.position_id join assets a on a.id = t.asset_id
        where t.user_id = ${userId} ${withinPeriod(period)}
          ${after ? sql`and (t.created_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by t.created_at desc, t.id desc limit ${size}`);
      return rows.map((row) => ({
        trade: presentTrade(row),
        cursor: { createdAt: row.cursor_time, id: row.id },
      }));
    },
  };
}

/**
 * A buy whose position is still open, valued as its position is: the part of the buy still held, at
 * the current price, against its share of the position's cost. Sold parts show in their sale rows.
 */
function openBuyPl(row: HistoryRow) {
  if (row.type !== 'buy' || row.status !== 'open') return {};
  // The position's opened quantity counts the splits since the buy; the buy's own quantity does not.
  const share = new Decimal(row.quantity).times(row.split_to).dividedBy(row.split_from).dividedBy(row.opened_quantity);
  const held = share.times(row.held);
  const openedCost = new Decimal(row.opened_cost);
  const cost = openedCost.isZero()
    ? new Decimal(row.held_cost).times(share)
    : new Decimal(row.held_cost).times(row.amount).dividedBy(openedCost);
  const pl = held.times(row.market_price).times(row.rate).minus(cost);
  return { pl: toMoney(pl), pl_percentage: percentOf(pl, cost) };
}

const withinPeriod = (period: Period | undefined) =>
  period ? sql`and t.created_at >= ${period.from} and t.created_at < ${period.to}` : sql``;

function presentTrade(row: TradeRow): Trade {
  return {
    id: row.id,
    type: row.type,
    asset: {
      name: row.name,
      symbol: row.symbol,
      type: row.asset_type,
      img: assetIconPath(row.symbol),
    },
    quantity: row.quantity,
    price: row.price,
    amount: row.amount,
    pl: row.pl,
    // A sale's P/L against what the sold part cost (its amount less the P/L).
    pl_percentage: row.type === 'buy' ? '0.00' : percentOf(row.pl, new ExactDecimal(row.amount).minus(row.pl)),
    reason: row.reason,
    status: row.status,
    // The wallet the trade moved: 'auto' for automated investing, 'brokerage' for the investor's own trades.
    account: row.wallet,
    created_at: row.created_at,
  };
}

import {
  assetIconPath,
  formatPrice,
  gtcDays,
  orderRefusals,
  type Order,
  type OrderStatus,
  type TimeInForce,
} from '@itrust/contracts';
import { holdPriceOf } from '@itrust/contracts/order-rules';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isoTime } from '../../db/sql-time.ts';
import { orders, positions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { toMoney } from '../../lib/money.ts';
import { belowOneCent, purchaseCost, tradeValue } from '../../lib/trade-cash.ts';
import { lockWallets } from '../ledger/ledger.service.ts';
import { endOrder, holdMoney, holdQuantity } from './order-holds.ts';
import { tradingMessages, type Quote, type TradeSettlement } from './trade-settlement.service.ts';

export type PlaceOrder = {
  side: 'buy' | 'sell';
  type: 'limit' | 'stop' | 'stop_limit';
  /** The asset a buy is of; a sell's comes from its position. */
  assetId?: number | undefined;
  positionId?: string | undefined;
  quantity?: Decimal | undefined;
  amount?: Decimal | undefined;
  limitPrice?: Decimal | undefined;
  stopPrice?: Decimal | undefined;
  timeInForce: TimeInForce;
  /** The user's settlement currency. */
  currency: string;
};

const day = 24 * 60 * 60 * 1000;

/**
 * When an order placed at `now` expires. The simulated market's trading day, its open and previous
 * close, turns at 00:00 UTC for stocks and crypto alike, so a day order lasts until then.
 */
export function expiryOf(timeInForce: TimeInForce, now: Date): Date {
  if (timeInForce === 'gtc') return new Date(now.getTime() + gtcDays * day);
  return new Date(Math.floor(now.getTime() / day) * day + day);
}

/** The prices each type needs, and no others; a size by amount or by quantity, not both. */
function checkShape(order: PlaceOrder) {
  const needs = { limit: order.type !== 'stop', stop: order.type !== 'limit' };
  if (needs.limit && !order.limitPrice) throw new ValidationFailed({ limit_price: [orderRefusals.limitRequired] });
  if (needs.stop && !order.stopPrice) throw new ValidationFailed({ stop_price: [orderRefusals.stopRequired] });
  if (!needs.limit && order.limitPrice) throw new ValidationFailed({ limit_price: [orderRefusals.notForType] });
  if (!needs.stop && order.stopPrice) throw new ValidationFailed({ stop_price: [orderRefusals.notForType] });
  if (!order.quantity === !order.amount) throw new ValidationFailed({ quantity: [orderRefusals.sizeRequired] });
  if (order.side === 'sell' && !order.positionId)
    throw new ValidationFailed({ position_id: [orderRefusals.positionRequired] });
}

/** A stop the price is already past would trigger on the next tick, for nothing the investor meant. */
function checkStopSide(order: PlaceOrder, quote: Quote) {
  if (!order.stopPrice) return;
  const price = new Decimal(quote.price);
  if (order.side === 'buy' && order.stopPrice.lte(price))
    throw new ValidationFailed({ stop_price: [orderRefusals.stopBuyBelow(formatPrice(quote.price))] });
  if (order.side === 'sell' && order.stopPrice.gte(price))
    throw new ValidationFailed({ stop_price: [orderRefusals.stopSellAbove(formatPrice(quote.price))] });
}

type OrderView = Omit<Order, 'asset' | 'type'> &
  Pick<Order['asset'], 'name' | 'symbol' | 'type'> & { asset_id: number; order_type: Order['type']; total: number };

const presentOrder = (row: OrderView): Order => ({
  id: row.id,
  asset: { id: row.asset_id, name: row.name, symbol: row.symbol, type: row.type, img: assetIconPath(row.symbol) },
  side: row.side,
  type: row.order_type,
  quantity: row.quantity,
  limit_price: row.limit_price,
  stop_price: row.stop_price,
  time_in_force: row.time_in_force,
  expires_at: row.expires_at,
  status: row.status,
  reserved: row.reserved,
  position_id: row.position_id,
  triggered_at: row.triggered_at,
  fill_price: row.fill_price,
  filled_amount: row.filled_amount,
  end_reason: row.end_reason,
  created_at: row.created_at,
  ended_at: row.ended_at,
});

/** `ended`: every status but open. */
type OrderFilter = { status?: OrderStatus | 'ended' | undefined; symbol?: string | undefined; id?: string };

const statusIs = (status: OrderFilter['status']) =>
  status === undefined
    ? sql`true`
    : status === 'ended'
      ? sql`o.status <> 'open'`
      : sql`o.status = ${status}::order_status`;

/** The user's orders as the API shows them; one order when `filter.id` names it. */
async function ordersPage(tx: Executor, userId: string, page: number, perPage: number, filter: OrderFilter) {
  const at = (column: string) => isoTime(sql.raw(`o.${column}`));
  const { rows } = await tx.execute<OrderView>(sql`
    select o.id, o.asset_id, a.name, a.symbol, a.type::text, o.side::text, o.type::text as order_type,
      o.quantity::text, o.limit_price::text, o.stop_price::text, o.time_in_force::text, ${at('expires_at')} as expires_at,
      o.status::text, o.reserved::text, o.position_id, ${at('triggered_at')} as triggered_at, o.fill_price::text,
      o.filled_amount::text, o.end_reason::text, ${at('created_at')} as created_at, ${at('ended_at')} as ended_at,
      count(*) over ()::int as total
    from orders o join assets a on a.id = o.asset_id
    where o.user_id = ${userId} and ${statusIs(filter.status)}
      and (${filter.symbol ?? null}::text is null or a.symbol = ${filter.symbol ?? null})
      and (${filter.id ?? null}::uuid is null or o.id = ${filter.id ?? null}::uuid)
    order by o.created_at desc, o.id desc limit ${perPage} offset ${(page - 1) * perPage}`);
  return { data: rows.map(presentOrder), total: rows[0]?.total ?? 0 };
}

/** The order just written, read in its transaction for the response. */
async function orderIn(tx: Executor, userId: string, id: string): Promise<Order> {
  const [order] = (await ordersPage(tx, userId, 1, 1, { id })).data;
  if (!order) throw new Error(`order ${id} is missing`);
  return order;
}

export function createOrders({ db, clock }: { db: Database; clock: Clock }, { quoteAt, settle }: TradeSettlement) {
  /** The investor's open brokerage position that a sell order sells, locked after its wallet. */
  async function sellable(tx: Executor, userId: string, positionId: string) {
    const [position] = await tx
      .select()
      .from(positions)
      .where(and(eq(positions.id, positionId), eq(positions.userId, userId)))
      .for('update');
    if (!position) throw new NotFound(tradingMessages.noPosition);
    if (position.status !== 'open') throw new Conflict(tradingMessages.closed);
    if (position.wallet !== 'brokerage') throw new ValidationFailed({ position_id: [tradingMessages.managed] });
    return position;
  }

  return {
    /** One page of the user's orders, newest first; of one status, of one asset when asked. */
    orders: (userId: string, page: number, perPage: number, filter: OrderFilter) =>
      ordersPage(db, userId, page, perPage, filter),

    /**
     * Places a waiting order and holds what it may use, in one transaction: a buy its most possible
     * cost, a sell its quantity of the position. An amount becomes a quantity at the hold price.
     */
    async place(userId: string, order: PlaceOrder) {
      checkShape(order);
      return settle(async (tx) => {
        await lockWallets(tx, userId, ['brokerage']);
        const position = order.positionId ? await sellable(tx, userId, order.positionId) : undefined;
        const assetId = position?.assetId ?? order.assetId;
        if (assetId === undefined || (position && order.assetId !== undefined && order.assetId !== assetId))
          throw new ValidationFailed({ asset_id: ['Select an asset!'] });
        const { quote, rate } = await quoteAt(tx, assetId, order.currency);
        checkStopSide(order, quote);
        const price = new Decimal(
          holdPriceOf(order.side, {
            type: order.type,
            limitPrice: order.limitPrice?.toString() ?? '',
            stopPrice: order.stopPrice?.toString() ?? '',
            timeInForce: order.timeInForce,
          }) ?? 0,
        );
        const quantity =
          order.quantity ??
          (order.amount ?? new Decimal(0)).dividedBy(price.times(rate)).toDecimalPlaces(8, Decimal.ROUND_DOWN);
        const value = tradeValue(quantity, price, rate);
        const whole = position && quantity.eq(new Decimal(position.quantity).minus(position.reservedQuantity));
        if (quantity.isZero() || (!whole && belowOneCent(value)))
          throw new ValidationFailed({ quantity: [tradingMessages.belowOneCent] });
        const reserved = order.side === 'buy' ? purchaseCost(value) : new Decimal(0);
        if (order.side === 'buy') await holdMoney(tx, userId, order.currency, reserved);
        else if (!(await holdQuantity(tx, order.positionId ?? '', quantity)))
          throw new ValidationFailed({ quantity: [tradingMessages.tooMuch] });
        const now = clock.now();
        const [placed] = await tx
          .insert(orders)
          .values({
            userId,
            assetId,
            side: order.side,
            type: order.type,
            quantity: quantity.toFixed(8),
            limitPrice: order.limitPrice?.toString() ?? null,
            stopPrice: order.stopPrice?.toString() ?? null,
            timeInForce: order.timeInForce,
            expiresAt: expiryOf(order.timeInForce, now),
            reserved: toMoney(reserved),
            positionId: order.positionId ?? null,
            createdAt: now,
          })
          .returning({ id: orders.id });
        if (!placed) throw new Error('the order was not recorded');
        return orderIn(tx, userId, placed.id);
      });
    },

    /** The owner cancels an open order; its hold is released. A fill that got there first wins. */
    async cancel(userId: string, orderId: string) {
      return settle(async (tx) => {
        const [owned] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
        if (!owned) throw new NotFound(orderRefusals.noOrder);
        await lockWallets(tx, userId, ['brokerage']);
        const ended = await endOrder(tx, orderId, 'cancelled', 'cancelled', clock.now());
        if (!ended) throw new Conflict(orderRefusals.notOpen);
        return orderIn(tx, userId, ended.id);
      });
    },
  };
}

import { orderEndReasons } from '@itrust/contracts';
import { Decimal } from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { transaction, type Executor, type Transaction } from '../../db/client.ts';
import { assets, currencies, orders, positions, users } from '../../db/schema/index.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { toMoney } from '../../lib/money.ts';
import { lockWallets } from '../ledger/ledger.service.ts';
import { endOrder, type OrderRow } from './order-holds.ts';
import { orderMail } from './orders.mail.ts';
import { createPositionClosing } from './position-closing.service.ts';
import { createPositionOpening } from './position-opening.service.ts';
import { createTradeSettlement, type PricedQuote, type TradingDeps } from './trade-settlement.service.ts';

/** An open order the tick's price crossed, with that quote and its owner's exchange rate. */
type DueOrder = PricedQuote & { id: string; user_id: string; currency: string };

/** The condition of each open order against its asset's price `q.price`; a stop-limit's after its stop was crossed. */
const conditionMet = sql`(
  (o.type = 'limit' or (o.type = 'stop_limit' and o.triggered_at is not null))
    and case when o.side = 'buy' then q.price <= o.limit_price else q.price >= o.limit_price end
  or o.type = 'stop' and case when o.side = 'buy' then q.price >= o.stop_price else q.price <= o.stop_price end
  or o.type = 'exit' and (q.price >= o.limit_price or q.price <= o.stop_price))`;

/**
 * After each tick: orders past their time expire, stop-limit orders whose stop the price crossed become
 * limit orders, and every open order whose condition the price meets fills at that tick's price. Each
 * order ends in its own transaction, through the conditional update of `endOrder`, so two processes
 * running this at once fill each order once, and a cancel racing a fill ends it in one state.
 */
export function createOrderFills(deps: TradingDeps & { mail?: MailQueue | undefined }) {
  const { db, clock, mail } = deps;

  /** Trading at one tick's quote and rate, as the step read them: not whatever the quote says by now. */
  function atQuote(quote: PricedQuote) {
    const settlement = createTradeSettlement({ ...deps, quotes: async () => quote });
    return { settlement, ...createPositionOpening(deps, settlement), ...createPositionClosing(deps, settlement) };
  }

  /** One order ended by the tick, in its own transaction after its owner's wallet lock (locks.ts). */
  const ending = (userId: string, work: (tx: Transaction) => Promise<OrderRow | undefined>) =>
    transaction(db, async (tx) => {
      await lockWallets(tx, userId, ['brokerage']);
      return work(tx);
    });

  async function fill({ id, user_id: userId, currency, ...quote }: DueOrder): Promise<OrderRow | undefined> {
    const { price } = quote;
    const trading = atQuote(quote);
    const now = clock.now();
    return ending(userId, async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, 'open')));
      if (!order) return undefined;
      if (order.side === 'buy') {
        const quantity = new Decimal(order.quantity ?? 0);
        const { cost } = await trading.settlement.priced(tx, order.assetId, quantity, currency);
        // A limit waits for a price whose cost fits its hold; a stop past its margin cannot fill at all.
        if (cost.gt(order.reserved))
          return order.type === 'stop' ? endOrder(tx, id, 'cancelled', 'beyond_hold', now) : undefined;
        await endOrder(tx, id, 'filled', 'filled', now);
        const { position } = await trading.buyIn(tx, userId, currency, {
          assetId: order.assetId,
          quantity,
          wallet: 'brokerage',
          orderType: order.type,
        });
        return filled(tx, id, { positionId: position.id, fillPrice: price, filledAmount: toMoney(cost) });
      }
      if (!order.positionId) throw new Error(`sell order ${id} names no position`);
      if (order.type === 'exit' && (await unreserved(tx, order.positionId)).isZero()) return undefined;
      await endOrder(tx, id, 'filled', 'filled', now);
      const [position] = await tx.select().from(positions).where(eq(positions.id, order.positionId)).for('update');
      if (position?.status !== 'open') throw new Error(`sell order ${id} has no open position`);
      const quantity = order.quantity ?? new Decimal(position.quantity).minus(position.reservedQuantity);
      const reason =
        order.type === 'exit'
          ? new Decimal(price).gte(order.limitPrice ?? Infinity)
            ? 'take_profit'
            : 'stop_loss'
          : order.type === 'limit'
            ? 'limit'
            : 'stop';
      const { proceeds } = await trading.closeIn(tx, position, new Decimal(quantity), reason);
      return filled(tx, id, { fillPrice: price, filledAmount: toMoney(proceeds) });
    });
  }

  /** What of an exit's position no other order holds: all an exit may sell. */
  async function unreserved(tx: Executor, positionId: string) {
    const [position] = await tx.select().from(positions).where(eq(positions.id, positionId));
    return new Decimal(position?.quantity ?? 0).minus(position?.reservedQuantity ?? 0);
  }

  /** Tells each owner who wants mail that an order filled or ended without filling; after the commit. */
  async function notify(ended: OrderRow[]) {
    if (!mail || ended.length === 0) return;
    const rows = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, currency: currencies.code })
      .from(users)
      .innerJoin(currencies, eq(currencies.id, users.currencyId))
      .where(
        and(inArray(users.id, [...new Set(ended.map((order) => order.userId))]), eq(users.emailNotifications, true)),
      );
    const symbols = await db
      .select({ id: assets.id, symbol: assets.symbol })
      .from(assets)
      .where(inArray(assets.id, [...new Set(ended.map((order) => order.assetId))]));
    const recipients = new Map(rows.map((row) => [row.id, row]));
    const symbolOf = new Map(symbols.map((asset) => [asset.id, asset.symbol]));
    await mail.queue(
      ...ended.flatMap((order) => {
        const user = recipients.get(order.userId);
        const symbol = symbolOf.get(order.assetId) ?? '';
        if (!user) return [];
        return order.status === 'filled'
          ? orderMail.filled(user, order, symbol, user.currency)
          : orderMail.ended(user, order, symbol, orderEndReasons[order.endReason ?? 'expired'].toLowerCase());
      }),
    );
  }

  const filled = async (tx: Executor, id: string, figures: Partial<OrderRow>) =>
    (await tx.update(orders).set(figures).where(eq(orders.id, id)).returning())[0];

  return {
    /** Runs after each tick; returns the orders it ended (filled, expired, or unable to fill). */
    async fillTriggered(): Promise<OrderRow[]> {
      const now = clock.now();
      const ended: OrderRow[] = [];
      const { rows: expired } = await db.execute<{ id: string; user_id: string }>(sql`
        select id, user_id from orders where status = 'open' and expires_at <= ${now} order by created_at`);
      for (const row of expired) {
        const order = await ending(row.user_id, (tx) => endOrder(tx, row.id, 'expired', 'expired', now));
        if (order) ended.push(order);
      }
      await db.execute(sql`
        update orders o set triggered_at = ${now} from asset_quotes q
        where q.asset_id = o.asset_id and o.status = 'open' and o.type = 'stop_limit' and o.triggered_at is null
          and case when o.side = 'buy' then q.price >= o.stop_price else q.price <= o.stop_price end`);
      const { rows: due } = await db.execute<DueOrder>(sql`
        select o.id, o.user_id, c.code as currency, a.id as asset_id, a.symbol, a.name, a.type::text,
          q.price::text, q.previous_close::text, r.rate::text
        from orders o join assets a on a.id = o.asset_id join asset_quotes q on q.asset_id = o.asset_id
          join users u on u.id = o.user_id join currencies c on c.id = u.currency_id
          left join fx_rates r on r.currency = c.code
        where o.status = 'open' and (o.expires_at is null or o.expires_at > ${now}) and ${conditionMet}
        order by o.created_at`);
      for (const row of due) {
        const order = await fill(row).catch(async (error: unknown) => {
          if (!(error instanceof ValidationFailed)) throw error;
          return ending(row.user_id, (tx) => endOrder(tx, row.id, 'cancelled', 'too_small', now));
        });
        if (order) ended.push(order);
      }
      await notify(ended);
      return ended;
    },
  };
}

import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { transaction, type Database, type Executor } from '../../db/client.ts';
import { orders, positionSplits, positions, splits } from '../../db/schema/index.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountLockOrder } from '../ledger/ledger.service.ts';
import { announceTick, floorTo, resolutionMs } from '../market/market.service.ts';
import { endOrder } from '../trading/trading.service.ts';
import { splitRatio } from './split-ratio.ts';
import { splitMail } from './splits.mail.ts';

type SplitRow = typeof splits.$inferSelect;
/** The lock runTick (market/tick.ts) holds while it rewrites quotes: a split must not interleave with a tick. */
const marketTickLock = 7201004;

/**
 * Applies the splits whose effective date has come, each in its own transaction: the conditional
 * update of its status makes it happen once, whichever process or retry gets to it.
 */
export function createSplitApplier(deps: { db: Database; clock: Clock; mail?: MailQueue | undefined }) {
  const { db, clock, mail } = deps;

  async function applyOne(id: string, at: Date): Promise<SplitRow | undefined> {
    const applied = await transaction(db, async (tx) => {
      const [split] = await tx
        .update(splits)
        .set({ status: 'applied', appliedAt: at })
        .where(and(eq(splits.id, id), eq(splits.status, 'scheduled')))
        .returning();
      if (!split) return undefined;
      await tx.execute(sql`select pg_advisory_xact_lock(${marketTickLock})`);
      await adjustHoldings(tx, split, at);
      await adjustMarket(tx, split, at);
      return split;
    });
    if (applied) await tell(applied);
    return applied;
  }

  /** Positions and open orders of the asset, after their owners' wallets and in the order of locks.ts. */
  async function adjustHoldings(tx: Executor, split: SplitRow, at: Date) {
    const ratio = splitRatio(split.ratioTo, split.ratioFrom);
    await tx.execute(sql`
      select id from ledger_accounts where savings_id is null and user_id in (
        select user_id from positions where asset_id = ${split.assetId} and status = 'open'
        union select user_id from orders where asset_id = ${split.assetId} and status = 'open')
      order by ${accountLockOrder} for update`);
    const held = await tx
      .select()
      .from(positions)
      .where(and(eq(positions.assetId, split.assetId), eq(positions.status, 'open')))
      .orderBy(positions.id)
      .for('update');
    const open = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.assetId, split.assetId), eq(orders.status, 'open')))
      .orderBy(orders.id)
      .for('update');

    // What each position's sell orders hold before and after, so its reserved quantity stays their sum.
    const reservedBefore = new Map<string, Decimal>();
    const reservedAfter = new Map<string, Decimal>();
    const add = (sums: Map<string, Decimal>, key: string, value: Decimal.Value) =>
      sums.set(key, (sums.get(key) ?? new Decimal(0)).plus(value));
    for (const order of open) {
      const quantity = order.quantity === null ? null : ratio.quantity(order.quantity);
      if (quantity?.isZero()) {
        // A reverse split can leave an order less than the smallest unit: it ends, and its hold comes back.
        await endOrder(tx, order.id, 'cancelled', 'too_small', at);
        continue;
      }
      if (order.side === 'sell' && order.positionId && order.quantity && quantity) {
        add(reservedBefore, order.positionId, order.quantity);
        add(reservedAfter, order.positionId, quantity);
      }
      await tx
        .update(orders)
        .set({
          quantity: quantity?.toFixed(8) ?? null,
          limitPrice: order.limitPrice === null ? null : ratio.price(order.limitPrice, order.side).toFixed(10),
          stopPrice: order.stopPrice === null ? null : ratio.price(order.stopPrice, order.side).toFixed(10),
        })
        .where(eq(orders.id, order.id));
    }
    for (const position of held) {
      const [current] = await tx.select().from(positions).where(eq(positions.id, position.id));
      if (!current) continue;
      // Any hold no open order accounts for scales as the rest does.
      const unaccounted = new Decimal(current.reservedQuantity).minus(reservedBefore.get(position.id) ?? 0);
      const reserved = ratio.quantity(Decimal.max(unaccounted, 0)).plus(reservedAfter.get(position.id) ?? 0);
      const quantity = ratio.quantity(current.quantity);
      await tx
        .update(positions)
        .set({
          quantity: quantity.toFixed(8),
          openedQuantity: ratio.quantity(current.openedQuantity).toFixed(8),
          entryPrice: ratio.price(current.entryPrice, 'nearest').toFixed(10),
          reservedQuantity: reserved.toFixed(8),
        })
        .where(eq(positions.id, position.id));
      await tx.insert(positionSplits).values({
        splitId: split.id,
        positionId: position.id,
        userId: position.userId,
        quantityBefore: current.quantity,
        quantityAfter: quantity.toFixed(8),
        appliedAt: at,
      });
    }
  }

  /** The simulated price, its day figures and its past bars move by the ratio at once: value does not jump. */
  async function adjustMarket(tx: Executor, split: SplitRow, at: Date) {
    const price = (column: string) => sql`round(${sql.identifier(column)} * ${split.ratioFrom} / ${split.ratioTo}, 10)`;
    await tx.execute(sql`
      update asset_quotes set price = ${price('price')}, previous_close = ${price('previous_close')},
        day_open = ${price('day_open')}, day_high = ${price('day_high')}, day_low = ${price('day_low')},
        volume = round(volume * ${split.ratioTo} / ${split.ratioFrom}, 2),
        avg_volume = round(avg_volume * ${split.ratioTo} / ${split.ratioFrom}, 2),
        tick_sequence = tick_sequence + 1
      where asset_id = ${split.assetId}`);
    // The market cap follows the price from the reference pair: both move so the cap stays.
    await tx.execute(sql`
      update assets set reference_price = ${price('reference_price')} where id = ${split.assetId}`);
    // Earlier bars stay as they were and are adjusted when read (market.repository.ts); the bars the
    // split falls in are rewritten whole, as the ticks after it will write into them.
    for (const [resolution, size] of Object.entries(resolutionMs))
      await tx.execute(sql`
        update price_bars set open = ${price('open')}, high = ${price('high')}, low = ${price('low')},
          close = ${price('close')}
        where asset_id = ${split.assetId} and resolution = ${resolution}::bar_resolution
          and starts_at = ${new Date(floorTo(at.getTime(), size))}`);
    await announceTick(tx);
  }

  /** Tells each holder who wants mail what they hold now; after the commit. */
  async function tell(split: SplitRow) {
    if (!mail) return;
    const { rows } = await db.execute<{
      email: string;
      firstName: string;
      symbol: string;
      quantity: string;
      cost: string;
      currency: string;
    }>(sql`
      select u.email, u.first_name as "firstName", a.symbol, sum(p.quantity)::text as quantity,
        sum(p.cost)::text as cost, c.code as currency
      from positions p join users u on u.id = p.user_id join assets a on a.id = p.asset_id
        join currencies c on c.id = u.currency_id
      where p.asset_id = ${split.assetId} and p.status = 'open' and u.email_notifications
      group by u.id, u.email, u.first_name, a.symbol, c.code`);
    await mail.queue(...rows.map((row) => splitMail.applied(row, { ...row, ...split })));
  }

  return {
    applyOne,
    /** Applies every split due at the clock's time; returns those this call applied. */
    async applyDue(): Promise<SplitRow[]> {
      const at = clock.now();
      const due = await db
        .select({ id: splits.id })
        .from(splits)
        .where(
          and(
            eq(splits.status, 'scheduled'),
            sql`${splits.effectiveOn} <= (${at}::timestamptz at time zone 'UTC')::date`,
          ),
        )
        .orderBy(splits.effectiveOn, splits.createdAt);
      const applied: SplitRow[] = [];
      for (const { id } of due) {
        const split = await applyOne(id, at);
        if (split) applied.push(split);
      }
      return applied;
    },
  };
}

export type SplitApplier = ReturnType<typeof createSplitApplier>;

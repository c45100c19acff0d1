import { autoModels, defaultModelFor, driftBand, type AutoModel } from '@itrust/contracts/auto-models';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isoTime } from '../../db/sql-time.ts';
import { assetQuotes, assets, autoRuns, autoSettings, positions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { belowOneCent, saleProceeds, tradeValue } from '../../lib/trade-cash.ts';
import type { PositionRow } from '../trading/trade-settlement.service.ts';
import { createTradingService } from '../trading/trading.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';

export const autoMessages = {
  noPrices: 'Prices are not available right now, so your investments cannot be sold. Try again in a minute.',
} as const;

type Holding = { position: PositionRow; symbol: string; price: Decimal; value: Decimal };
const totalValue = (holdings: Holding[]) => holdings.reduce((sum, holding) => sum.plus(holding.value), new Decimal(0));
type Wallet = { id: number; cash: Decimal; currency: string };

/**
 * The automated-investing wallet: idle cash is invested into the user's model portfolio, holdings
 * are rebalanced when one drifts out of its band (see driftBand), and money leaving the wallet
 * sells holdings pro rata first. Each run holds the wallet's row lock for its whole transaction, so
 * two runs (or a run and a transfer) for one user take turns and never trade twice on the same cash.
 * Nothing is invested while the wallet holds less than `minimum` in all.
 */
export function autoServiceFor(db: Database, clock: Clock, users: UsersRepository, minimum: number) {
  const trading = createTradingService({ db, clock, users });
  const minimumCash = new Decimal(minimum);

  async function modelOf(executor: Executor, userId: string): Promise<AutoModel> {
    const [chosen] = await executor.select().from(autoSettings).where(eq(autoSettings.userId, userId));
    if (chosen && chosen.model in autoModels) return chosen.model as AutoModel;
    return defaultModelFor((await users.findById(userId, executor))?.experience);
  }

  /** The auto wallet (locked unless only read); undefined when the user has never had one. */
  async function lockWallet(tx: Executor, userId: string, lock = true): Promise<Wallet | undefined> {
    const { rows } = await tx.execute<{ id: number; available: string; currency: string }>(sql`
      select id::int, (balance - held)::text as available, currency::text from ledger_accounts
      where user_id = ${userId} and kind = 'auto' and savings_id is null ${lock ? sql`for update` : sql``}`);
    const row = rows[0];
    return row ? { id: row.id, cash: new Decimal(row.available), currency: row.currency } : undefined;
  }

  /** Open auto positions valued at current prices in the wallet's currency; undefined when a price is missing. */
  async function holdingsOf(
    tx: Executor,
    userId: string,
    currency: string,
    lock = true,
  ): Promise<Holding[] | undefined> {
    const query = tx
      .select({
        position: positions,
        symbol: assets.symbol,
        price: assetQuotes.price,
        rate: sql<string | null>`(select rate::text from fx_rates where currency = ${currency})`,
      })
      .from(positions)
      .innerJoin(assets, eq(assets.id, positions.assetId))
      .leftJoin(assetQuotes, eq(assetQuotes.assetId, positions.assetId))
      .where(and(eq(positions.userId, userId), eq(positions.wallet, 'auto'), eq(positions.status, 'open')))
      .orderBy(positions.id);
    const rows = lock ? await query.for('update', { of: positions }) : await query;
    if (rows.some((row) => row.price === null || row.rate === null)) return undefined;
    return rows.map(({ position, symbol, price, rate }) => {
      const unitPrice = tradeValue(1, price ?? 0, rate ?? 1);
      return { position, symbol, price: unitPrice, value: tradeValue(position.quantity, unitPrice) };
    });
  }

  async function pricesOf(tx: Executor, symbols: string[], currency: string) {
    const { rows } = await tx.execute<{ id: number; symbol: string; price: string }>(sql`
      select a.id, a.symbol, (q.price * f.rate)::text as price
      from assets a join asset_quotes q on q.asset_id = a.id join fx_rates f on f.currency = ${currency}
      where a.symbol in ${symbols}`);
    return new Map(rows.map((row) => [row.symbol, { assetId: row.id, price: new Decimal(row.price) }]));
  }

  /** One run for one user, inside its own transaction. */
  async function runFor(userId: string): Promise<'idle' | 'invest' | 'rebalance'> {
    return db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, userId);
      if (!wallet) return 'idle';
      const model = autoModels[await modelOf(tx, userId)];
      const targets = new Map(
        Object.entries(model.weights).map(([symbol, weight]) => [symbol, new Decimal(weight).dividedBy(100)]),
      );
      const holdings = await holdingsOf(tx, userId, wallet.currency);
      const prices = await pricesOf(tx, [...targets.keys()], wallet.currency);
      if (!holdings || prices.size < targets.size) return 'idle';

      const invested = totalValue(holdings);
      const total = wallet.cash.plus(invested);
      if (total.lt(minimumCash)) return 'idle';
      const heldValue = (symbol: string) => totalValue(holdings.filter((holding) => holding.symbol === symbol));
      // Every asset of the model and every asset held: is any of them outside its band?
      const drifted =
        invested.gt(0) &&
        [...new Set([...targets.keys(), ...holdings.map((holding) => holding.symbol)])].some((symbol) => {
          const target = targets.get(symbol) ?? new Decimal(0);
          const band = target.isZero() ? 0 : driftBand(target.toNumber());
          return heldValue(symbol).dividedBy(total).minus(target).abs().gt(band);
        });
      if (!drifted && wallet.cash.lt(minimumCash)) return 'idle';

      const now = clock.now();
      let cash = wallet.cash;
      let sold = 0;
      let bought = 0;
      if (drifted) {
        // Sell what is over its target (everything outside the model) first.
        for (const holding of holdings) {
          const excess = holding.value.minus(total.times(targets.get(holding.symbol) ?? 0));
          if (excess.lte(0)) continue;
          const held = new Decimal(holding.position.quantity);
          const quantity = Decimal.min(held, excess.dividedBy(holding.price).toDecimalPlaces(8, Decimal.ROUND_DOWN));
          if (belowOneCent(tradeValue(quantity, holding.price))) continue;
          const { proceeds } = await trading.closeIn(tx, holding.position, quantity, 'rebalance');
          cash = cash.plus(proceeds);
          sold += 1;
        }
      }
      // Then buy what is under its target, in proportion, with the cash there is (less a cent per order for rounding).
      const needs = [...targets].map(([symbol, target]) => ({
        symbol,
        need: Decimal.max(
          0,
          total.times(target).minus(drifted ? Decimal.min(heldValue(symbol), total.times(target)) : heldValue(symbol)),
        ),
      }));
      const needed = needs.reduce((sum, entry) => sum.plus(entry.need), new Decimal(0));
      const budget = cash.minus(new Decimal('0.01').times(needs.length));
      if (needed.gt(0) && budget.gt(0)) {
        const scale = Decimal.min(1, budget.dividedBy(needed));
        for (const { symbol, need } of needs) {
          const quote = prices.get(symbol);
          if (!quote || need.lte(0)) continue;
          const quantity = need.times(scale).dividedBy(quote.price).toDecimalPlaces(8, Decimal.ROUND_DOWN);
          if (belowOneCent(tradeValue(quantity, quote.price))) continue;
          await trading.buyIn(tx, userId, wallet.currency, { assetId: quote.assetId, quantity, wallet: 'auto' });
          bought += 1;
        }
      }
      if (sold + bought === 0) return 'idle';
      const kind = drifted ? 'rebalance' : 'invest';
      await tx.insert(autoRuns).values({ userId, kind, bought, sold, createdAt: now });
      return kind;
    });
  }

  /**
   * Before money leaves the auto wallet: when its cash is short of `amount`, sells every holding
   * in the same proportion, at current prices, inside the caller's transaction.
   */
  async function raiseCash(tx: Executor, userId: string, amount: Decimal): Promise<void> {
    const wallet = await lockWallet(tx, userId);
    if (!wallet || wallet.cash.gte(amount)) return;
    const holdings = await holdingsOf(tx, userId, wallet.currency);
    if (!holdings) throw new AppError(422, autoMessages.noPrices);
    const invested = totalValue(holdings);
    if (invested.isZero()) return;
    // A cent per holding over the shortfall covers each sale's rounding down, or its skipping when worth less than a cent.
    const short = amount.minus(wallet.cash).plus(new Decimal('0.01').times(holdings.length));
    const share = Decimal.min(1, short.dividedBy(invested));
    for (const holding of holdings) {
      const held = new Decimal(holding.position.quantity);
      const quantity = Decimal.min(held, held.times(share).toDecimalPlaces(8, Decimal.ROUND_UP));
      const sellable = quantity.eq(held) || !belowOneCent(tradeValue(quantity, holding.price));
      if (quantity.gt(0) && sellable) await trading.closeIn(tx, holding.position, quantity, 'rebalance');
    }
  }

  return {
    modelOf: (userId: string) => modelOf(db, userId),

    async setModel(userId: string, model: AutoModel) {
      await db
        .insert(autoSettings)
        .values({ userId, model, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: autoSettings.userId, set: { model, updatedAt: clock.now() } });
    },

    runFor,

    /** The job: every user whose auto wallet holds money or investments, one transaction each. */
    async runAll(): Promise<Record<string, number>> {
      const { rows } = await db.execute<{ user_id: string }>(sql`
        select a.user_id from ledger_accounts a
        join users u on u.id = a.user_id and u.kyc = 'approved'
        where a.kind = 'auto' and a.savings_id is null
          and (a.balance > 0 or exists (select 1 from positions p where p.user_id = a.user_id and p.wallet = 'auto' and p.status = 'open'))`);
      const counts: Record<string, number> = { idle: 0, invest: 0, rebalance: 0 };
      for (const row of rows) {
        const kind = await runFor(row.user_id);
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
      return counts;
    },

    raiseCash,

    /** The panel: the model, its targets, what is held now and the last rebalance. */
    async overview(userId: string) {
      const model = await modelOf(db, userId);
      // A read: no locks, so the panel's polling never waits on (or holds up) a run or a transfer.
      const wallet = await lockWallet(db, userId, false);
      const currency = wallet?.currency ?? (await users.get(userId)).currency.code;
      const priced = wallet ? await holdingsOf(db, userId, currency, false) : [];
      const holdings = priced ?? [];
      const cash = wallet?.cash ?? new Decimal(0);
      // What a transfer out can take: the cash and every holding sold, each paid to the cent below as
      // a sale is; unknown while a price is missing.
      const movable = priced?.reduce((sum, holding) => sum.plus(saleProceeds(holding.value)), cash);
      const total = holdings.reduce((sum, holding) => sum.plus(holding.value), cash);
      const { rows: runs } = await db.execute<{ created_at: string }>(sql`
        select ${isoTime(sql`created_at`)} as created_at from auto_runs
        where user_id = ${userId} and kind = 'rebalance' order by created_at desc limit 1`);
      const last = runs[0];
      const weights = autoModels[model].weights as Record<string, number>;
      const symbols = new Set([...Object.keys(weights), ...holdings.map((holding) => holding.symbol)]);
      return {
        model,
        cash: cash.toFixed(2),
        total: total.toFixed(2),
        movable: movable?.toFixed(2) ?? null,
        last_rebalanced_at: last?.created_at ?? null,
        holdings: [...symbols].map((symbol) => {
          const held = holdings.filter((holding) => holding.symbol === symbol);
          const value = totalValue(held);
          return {
            symbol,
            quantity: held.reduce((sum, holding) => sum.plus(holding.position.quantity), new Decimal(0)).toFixed(8),
            value: value.toFixed(2),
            weight: total.isZero() ? '0.00' : value.dividedBy(total).times(100).toFixed(2),
            target: String(weights[symbol] ?? 0),
          };
        }),
      };
    },
  };
}

export type AutoService = ReturnType<typeof autoServiceFor>;

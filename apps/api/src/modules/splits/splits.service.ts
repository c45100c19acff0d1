import { splitNoteDays, splitRatioMax, splitRefusals, type Split } from '@itrust/contracts';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { isUniqueViolation, transaction, type Database } from '../../db/client.ts';
import { assets, positions, positionSplits, splits } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import type { AuditRepository, Operator } from '../admin/audit.repository.ts';

type SplitRow = typeof splits.$inferSelect;
const columns = { split: splits, symbol: assets.symbol };

export const presentSplit = (row: { split: SplitRow; symbol: string }): Split => ({
  id: row.split.id,
  asset_id: row.split.assetId,
  symbol: row.symbol,
  to: row.split.ratioTo,
  from: row.split.ratioFrom,
  effective_on: row.split.effectiveOn,
  status: row.split.status,
  scheduled_by: row.split.scheduledBy,
  created_at: row.split.createdAt.toISOString(),
  applied_at: row.split.appliedAt?.toISOString() ?? null,
  cancelled_at: row.split.cancelledAt?.toISOString() ?? null,
});

/** The operator's side of splits: schedule one for a stock, list them, cancel one not yet applied. */
export function createSplits(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRepository;
  /** A real feed's next price would undo a simulated split's price change, leaving share counts multiplied. */
  simulatedMarket: boolean;
}) {
  const { db, clock, audit, simulatedMarket } = deps;

  const withSymbol = async (row: SplitRow) => {
    const [asset] = await db.select({ symbol: assets.symbol }).from(assets).where(eq(assets.id, row.assetId));
    return presentSplit({ split: row, symbol: asset?.symbol ?? '' });
  };

  return {
    async schedule(operator: Operator, input: { symbol: string; to: number; from: number; effectiveOn: string }) {
      if (!simulatedMarket) throw new Conflict(splitRefusals.realMarket);
      for (const side of [input.to, input.from])
        if (!Number.isInteger(side) || side < 1 || side > splitRatioMax)
          throw new ValidationFailed({ ratio: [splitRefusals.ratio] });
      if (input.to === input.from) throw new ValidationFailed({ ratio: [splitRefusals.sameRatio] });
      const today = clock.now().toISOString().slice(0, 10);
      if (input.effectiveOn <= today) throw new ValidationFailed({ effective_on: [splitRefusals.pastDate] });
      const [asset] = await db
        .select()
        .from(assets)
        .where(sql`upper(${assets.symbol}) = upper(${input.symbol})`);
      if (!asset) throw new NotFound(splitRefusals.noAsset);
      if (asset.type !== 'stocks') throw new ValidationFailed({ symbol: [splitRefusals.crypto] });
      return transaction(db, async (tx) => {
        const [row] = await tx
          .insert(splits)
          .values({
            assetId: asset.id,
            ratioTo: input.to,
            ratioFrom: input.from,
            effectiveOn: input.effectiveOn,
            scheduledBy: operator.id,
            createdAt: clock.now(),
          })
          .returning()
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? new Conflict(splitRefusals.alreadyScheduled) : error;
          });
        if (!row) throw new Error('the split was not written');
        const shown = presentSplit({ split: row, symbol: asset.symbol });
        await audit.record(tx, operator, {
          action: 'split.schedule',
          objectType: 'split',
          objectId: row.id,
          after: shown,
        });
        return shown;
      });
    },

    async cancel(operator: Operator, id: string) {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(splits)
          .set({ status: 'cancelled', cancelledAt: clock.now() })
          .where(and(eq(splits.id, id), eq(splits.status, 'scheduled')))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: splits.id }).from(splits).where(eq(splits.id, id));
          throw exists ? new Conflict(splitRefusals.notScheduled) : new NotFound(splitRefusals.noSplit);
        }
        const shown = await withSymbol(row);
        await audit.record(tx, operator, {
          action: 'split.cancel',
          objectType: 'split',
          objectId: row.id,
          before: { status: 'scheduled' },
          after: { status: 'cancelled' },
        });
        return shown;
      });
    },

    /** Every split, the latest effective date first; of one asset when `symbol` is given. */
    async list(symbol?: string): Promise<Split[]> {
      const rows = await db
        .select(columns)
        .from(splits)
        .innerJoin(assets, eq(assets.id, splits.assetId))
        .where(symbol ? sql`upper(${assets.symbol}) = upper(${symbol})` : undefined)
        .orderBy(desc(splits.effectiveOn), desc(splits.createdAt))
        .limit(200);
      return rows.map(presentSplit);
    },

    /**
     * The splits a holder should hear of: those scheduled for a stock they hold, and those applied to
     * their positions in the last days (splitNoteDays). Of their own positions only.
     */
    async ofHolder(userId: string): Promise<Split[]> {
      const since = new Date(clock.now().getTime() - splitNoteDays * 24 * 60 * 60 * 1000);
      const held = db
        .select({ assetId: positions.assetId })
        .from(positions)
        .where(and(eq(positions.userId, userId), eq(positions.status, 'open')));
      const applied = db
        .select({ splitId: positionSplits.splitId })
        .from(positionSplits)
        .where(and(eq(positionSplits.userId, userId), gt(positionSplits.appliedAt, since)));
      const rows = await db
        .select(columns)
        .from(splits)
        .innerJoin(assets, eq(assets.id, splits.assetId))
        .where(or(and(eq(splits.status, 'scheduled'), inArray(splits.assetId, held)), inArray(splits.id, applied)))
        .orderBy(desc(splits.effectiveOn), desc(splits.createdAt));
      return rows.map(presentSplit);
    },
  };
}

export type SplitService = ReturnType<typeof createSplits>;

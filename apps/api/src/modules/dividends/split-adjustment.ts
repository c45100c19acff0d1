import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exCloseOf, type DividendEvent } from './schedule.ts';

/** A split as dividends see it: from when share counts changed, and by how much. */
export type AppliedSplit = { ratioTo: number; ratioFrom: number; appliedAt: Date };

/** The stock's applied splits. Trades keep the share counts of their day; a split changes them from when it was applied. */
export async function appliedSplitsOf(executor: Executor, assetId: number): Promise<AppliedSplit[]> {
  const { rows } = await executor.execute<{ ratio_to: number; ratio_from: number; applied_at: string }>(sql`
    select ratio_to, ratio_from, to_json(applied_at)#>>'{}' as applied_at
    from splits where asset_id = ${assetId} and status = 'applied' order by applied_at`);
  return rows.map((row) => ({ ratioTo: row.ratio_to, ratioFrom: row.ratio_from, appliedAt: new Date(row.applied_at) }));
}

/**
 * The dividend per share in the share counts of its ex-date's close: the schedule's amount divided by
 * every split applied before then, so a 3-for-1 split pays a third as much on three times the shares
 * and no holder's dividend moves with a split.
 */
export function splitAdjusted(event: DividendEvent, splits: AppliedSplit[]): DividendEvent {
  const exClose = exCloseOf(event);
  const factor = splits
    .filter((split) => split.appliedAt < exClose)
    .reduce((product, split) => product.times(split.ratioTo).dividedBy(split.ratioFrom), new Decimal(1));
  if (factor.eq(1)) return event;
  return { ...event, perShare: new Decimal(event.perShare).dividedBy(factor).toDecimalPlaces(10).toString() };
}

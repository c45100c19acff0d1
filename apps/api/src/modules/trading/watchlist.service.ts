import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assetQuotes, assets, watchlistEntries } from '../../db/schema/index.ts';
import { NotFound } from '../../lib/errors.ts';

export function createWatchlist(db: Database) {
  const watchlist = {
    /** The user's starred assets, newest first, with each asset's quote and day change. */
    list: (userId: string) =>
      db
        .select({
          id: watchlistEntries.id,
          assetId: assets.id,
          symbol: assets.symbol,
          name: assets.name,
          type: assets.type,
          price: assetQuotes.price,
          dayHigh: assetQuotes.dayHigh,
          dayLow: assetQuotes.dayLow,
          change: sql<string>`round((${assetQuotes.price} - ${assetQuotes.previousClose}) / nullif(${assetQuotes.previousClose}, 0) * 100, 4)`,
        })
        .from(watchlistEntries)
        .innerJoin(assets, eq(assets.id, watchlistEntries.assetId))
        .innerJoin(assetQuotes, eq(assetQuotes.assetId, assets.id))
        .where(eq(watchlistEntries.userId, userId))
        .orderBy(sql`${watchlistEntries.createdAt} desc`),

    /** Stars an asset once: the entry's id, and whether this call created it. */
    async star(userId: string, assetId: number): Promise<{ id: string; created: boolean }> {
      const [asset] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, assetId));
      if (!asset) throw new NotFound('No such asset.');
      const [entry] = await db
        .insert(watchlistEntries)
        .values({ userId, assetId: asset.id })
        .onConflictDoNothing()
        .returning({ id: watchlistEntries.id });
      if (entry) return { id: entry.id, created: true };
      const [existing] = await db
        .select({ id: watchlistEntries.id })
        .from(watchlistEntries)
        .where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.assetId, asset.id)));
      // Unstarred at the same moment: star it again.
      return existing ? { id: existing.id, created: false } : watchlist.star(userId, asset.id);
    },

    async unstar(userId: string, entryId: string): Promise<void> {
      const removed = await db
        .delete(watchlistEntries)
        .where(and(eq(watchlistEntries.id, entryId), eq(watchlistEntries.userId, userId)))
        .returning({ id: watchlistEntries.id });
      if (removed.length === 0) throw new NotFound('No such watchlist entry.');
    },
  };
  return watchlist;
}

export type Watchlist = ReturnType<typeof createWatchlist>;

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { assetQuotes, assets, watchlistEntries } from '../../db/schema/index.ts';
import { NotFound } from '../../lib/errors.ts';
import { decimalString } from '../market/asset.presenter.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../lib/answers.ts';
import { approved, assetId, tags } from './trading.http.ts';

export const watchlistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/user/watchlist',
    { config: { access: 'verified' }, schema: { tags, summary: 'Your watchlist, with each asset’s price and day' } },
    async (request) => {
      const userId = approved(authOf(request));
      const rows = await db
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
        .orderBy(sql`${watchlistEntries.createdAt} desc`);
      return ok('OK', {
        watchlist: rows.map((row) => ({
          id: row.id,
          asset: {
            id: row.assetId,
            symbol: row.symbol,
            name: row.name,
            type: row.type,
            img: `/api/assets/${encodeURIComponent(row.symbol)}/icon.svg`,
            price: decimalString(row.price),
            changes_percentage: Number(row.change).toFixed(2),
            day_high: decimalString(row.dayHigh),
            day_low: decimalString(row.dayLow),
            starred: true,
          },
        })),
      });
    },
  );

  app.post(
    '/user/watchlist/store',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Star an asset',
        body: z.object({
          asset_id: assetId,
        }),
      },
    },
    async (request, reply) => {
      const userId = approved(authOf(request));
      const [asset] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, request.body.asset_id));
      if (!asset) throw new NotFound('No such asset.');
      const [entry] = await db
        .insert(watchlistEntries)
        .values({ userId, assetId: asset.id })
        .onConflictDoNothing()
        .returning({ id: watchlistEntries.id });
      const [existing] = entry
        ? [entry]
        : await db
            .select({ id: watchlistEntries.id })
            .from(watchlistEntries)
            .where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.assetId, asset.id)));
      return reply.code(entry ? 201 : 200).send(ok('Added to your watchlist.', { id: existing?.id }));
    },
  );

  app.delete(
    '/user/watchlist/destroy/:id',
    {
      config: { access: 'verified' },
      schema: { tags, summary: 'Unstar an asset', params: z.object({ id: z.uuid('No such watchlist entry.') }) },
    },
    async (request) => {
      const userId = approved(authOf(request));
      const removed = await db
        .delete(watchlistEntries)
        .where(and(eq(watchlistEntries.id, request.params.id), eq(watchlistEntries.userId, userId)))
        .returning({ id: watchlistEntries.id });
      if (removed.length === 0) throw new NotFound('No such watchlist entry.');
      return ok('Removed from your watchlist.', {});
    },
  );
};

import { assetIconPath, successEnvelope, watchlistResponse, watchlistStarredResponse } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimalString } from '../../lib/money.ts';
import { noData, ok } from '../../lib/responses.ts';
import { approved, assetId, tags } from './trading.http.ts';
import type { Watchlist } from './watchlist.service.ts';

export const watchlistRoutes: FastifyPluginAsyncZod<{ watchlist: Watchlist }> = async (app, { watchlist }) => {
  app.get(
    '/user/watchlist',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your watchlist, with each asset’s price and day',
        response: { 200: successEnvelope(watchlistResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      const rows = await watchlist.list(userId);
      return ok('OK', {
        watchlist: rows.map((row) => ({
          id: row.id,
          asset: {
            id: row.assetId,
            symbol: row.symbol,
            name: row.name,
            type: row.type,
            img: assetIconPath(row.symbol),
            price: decimalString(row.price),
            changes_percentage: Number(row.change).toFixed(2),
            day_high: decimalString(row.dayHigh),
            day_low: decimalString(row.dayLow),
            starred: true as const,
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
        response: {
          200: successEnvelope(watchlistStarredResponse),
          201: successEnvelope(watchlistStarredResponse),
        },
      },
    },
    async (request, reply) => {
      const userId = approved(request);
      const entry = await watchlist.star(userId, request.body.asset_id);
      return reply.code(entry.created ? 201 : 200).send(ok('Added to your watchlist.', { id: entry.id }));
    },
  );

  app.delete(
    '/user/watchlist/destroy/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Unstar an asset',
        params: z.object({ id: z.uuid('No such watchlist entry.') }),
        response: { 200: noData },
      },
    },
    async (request) => {
      const userId = approved(request);
      await watchlist.unstar(userId, request.params.id);
      return ok('Removed from your watchlist.', {});
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { clientKey } from '../../lib/client-address.ts';
import { NotFound, ServiceUnavailable, TooManyRequests } from '../../lib/errors.ts';
import { presentAsset } from './asset.presenter.ts';
import { day, hour } from './history.ts';
import { cryptoIcon, monogram } from './icons.ts';
import { sortColumns, type MarketRepository, type SortColumn } from './market.repository.ts';
import type { QuoteHub } from './quote-hub.ts';
import { createStreamSlots, streamWriter } from './quote-stream.ts';

const tags = ['market'];
const sortValues = Object.keys(sortColumns).flatMap((column) => [column, `-${column}`]) as [string, ...string[]];

const assetsQuery = z
  .object({
    'filter[type]': z.enum(['crypto', 'stocks']).optional(),
    'filter[symbol]': z.string().trim().min(1).max(20).optional(),
    sort: z.enum(sortValues, { error: `Unknown sort. Use one of: ${sortValues.join(', ')}.` }).default('name'),
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100, 'per_page is at most 100.').default(20),
    do_not_paginate: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
  })
  .strict();

/** Points per chart range: 5-minute bars for a day, hourly for a week and a month, daily beyond. */
export const ranges = {
  '1d': { resolution: '5m', span: day },
  '7d': { resolution: '1h', span: 7 * day },
  '30d': { resolution: '1h', span: 30 * day },
  '1yr': { resolution: '1d', span: 365 * day },
  all: { resolution: '1d', span: Infinity },
} as const;

// A refused stream is tried again by the web client after a pause of about this length.
const streamRetrySeconds = 30;

const ok = <T>(data: T) => ({ status: 'success' as const, message: 'OK', data });

export const marketRoutes: FastifyPluginAsyncZod<{
  market: MarketRepository;
  hub: QuoteHub;
  clock: Clock;
  streams: Config['streams'];
}> = async (app, { market, hub, clock, streams }) => {
  const slots = createStreamSlots(streams);

  app.get(
    '/assets',
    {
      config: { access: 'optional' },
      schema: { tags, summary: 'The asset list: filter, sort, page', querystring: assetsQuery },
    },
    async (request) => {
      const query = request.query;
      const rows = await market.list(
        {
          type: query['filter[type]'],
          symbol: query['filter[symbol]'],
          sort: { column: query.sort.replace(/^-/, '') as SortColumn, descending: query.sort.startsWith('-') },
          ...(query.do_not_paginate ? {} : { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
        },
        request.auth?.userId,
      );
      const assets = rows.map(presentAsset);
      if (query.do_not_paginate) return ok({ assets });
      const total = rows[0]?.total ?? (await market.count(query['filter[type]'], query['filter[symbol]']));
      return ok({
        assets: {
          data: assets,
          current_page: query.page,
          per_page: query.per_page,
          total,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
        },
      });
    },
  );

  app.get(
    '/assets/top-movers',
    {
      config: { access: 'optional' },
      schema: { tags, summary: 'Top gainers, top losers and the newest listings, 16 each' },
    },
    async (request) => {
      const rows = await market.topMovers(16, request.auth?.userId);
      const of = (list: (typeof rows)[number]['list']) => rows.filter((row) => row.list === list).map(presentAsset);
      return ok({ gainers: of('gainers'), losers: of('losers'), new_in_market: of('new_in_market') });
    },
  );

  app.get(
    '/assets/:symbol/history',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Chart points for a range',
        params: z.object({ symbol: z.string().max(20) }),
        querystring: z.object({ range: z.enum(['1d', '7d', '30d', '1yr', 'all']).default('1d') }).strict(),
      },
    },
    async (request) => {
      const { range } = request.query;
      const asset = await market.exists(request.params.symbol);
      if (!asset) throw new NotFound('No such asset.');
      const { resolution, span } = ranges[range];
      const since = span === Infinity ? new Date(0) : new Date(clock.now().getTime() - span - hour);
      const points = await market.history(asset.symbol, resolution, since);
      return ok({ symbol: asset.symbol, range, resolution, points });
    },
  );

  app.get(
    '/assets/:symbol/icon.svg',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags, summary: 'The asset icon', params: z.object({ symbol: z.string().max(20) }) },
    },
    async (request, reply) => {
      const asset = await market.exists(request.params.symbol);
      if (!asset) throw new NotFound('No such asset.');
      const svg =
        asset.type === 'crypto' ? ((await cryptoIcon(asset.symbol)) ?? monogram(asset.symbol)) : monogram(asset.symbol);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );

  app.get(
    '/fx-rates',
    { config: { access: 'public' }, schema: { tags, summary: 'Reference FX rates: units per US dollar' } },
    async () => ok({ base: 'USD', rates: await market.fxRates() }),
  );

  app.get(
    '/stream/quotes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Server-Sent Events: each new quote of the given symbols',
        querystring: z.object({ symbols: z.string().max(2000) }).strict(),
      },
    },
    async (request, reply) => {
      const symbols = new Set(
        request.query.symbols
          .split(',')
          .map((symbol) => symbol.trim().toUpperCase())
          .filter(Boolean),
      );
      const release = slots.take(clientKey(request.ip));
      if (release === 'address') {
        throw new TooManyRequests(streamRetrySeconds, 'Too many live quote streams are open from your address.');
      }
      if (release === 'total') {
        throw new ServiceUnavailable(streamRetrySeconds, 'Live quotes are busy right now. Please try again shortly.');
      }
      reply.hijack();
      // A hijacked reply writes its own head: the security headers set so far go with it.
      reply.raw.writeHead(200, {
        ...Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined)),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
      const client = streamWriter(reply.raw, streams.stallMs, () => hub.latest(symbols));
      client.write('retry: 3000\n\n');
      const heartbeat = setInterval(() => client.write(': keep-alive\n\n'), 15_000);
      let unsubscribe: (() => void) | undefined;
      const stream = { ended: false };
      const end = () => {
        if (stream.ended) return;
        stream.ended = true;
        clearInterval(heartbeat);
        unsubscribe?.();
        release();
      };
      reply.raw.once('close', end);
      // A client gone before this handler ran has already had its 'close': end now, or its slot leaks.
      if (reply.raw.closed || request.raw.socket.destroyed) end();
      // The client may also go while the first quotes are read.
      const stop = await hub.subscribe(symbols, client.write, client.waiting);
      if (stream.ended) stop();
      else unsubscribe = stop;
    },
  );
};

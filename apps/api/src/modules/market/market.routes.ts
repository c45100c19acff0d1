import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { clientKey } from '../../lib/client-address.ts';
import { NotFound, ServiceUnavailable, TooManyRequests } from '../../lib/errors.ts';
import { presentAsset, type AssetView } from './asset.presenter.ts';
import { day, hour } from './history.ts';
import { cryptoIcon, monogram } from './icons.ts';
import { sortColumns, type MarketRepository, type SortColumn } from './market.repository.ts';
import type { QuoteHub } from './quote-hub.ts';
import { createStreamSlots, streamWriter } from './quote-stream.ts';
import type { TickCache } from './tick-cache.ts';

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

/** An answer kept per tick (see assetsAnswer): its bytes, its assets, and how an answer is made of them. */
export type AssetsAnswer = { bytes: Buffer; assets: AssetView[]; build: (assets: AssetView[]) => unknown };

function keptAnswer(assets: AssetView[], build: (assets: AssetView[]) => unknown): AssetsAnswer {
  // Kept as bytes: encoding a 10 KB string again on every answer was most of what it cost.
  return { bytes: Buffer.from(JSON.stringify(build(assets))), assets, build };
}

export const marketRoutes: FastifyPluginAsyncZod<{
  market: MarketRepository;
  hub: QuoteHub;
  clock: Clock;
  listCache: TickCache<AssetsAnswer>;
  chartCache: TickCache<Buffer>;
  streams: Config['streams'];
}> = async (app, { market, hub, clock, listCache, chartCache, streams }) => {
  const slots = createStreamSlots(streams);

  /**
   * An answer about assets: the same for everybody between ticks but for each asset's star, so it is
   * kept per tick. Without a token it goes as the kept bytes; a signed-in caller's copy has the live
   * watcher counts and their own stars of its assets, read by their ids (a star or the count it just
   * changed shows at once).
   */
  async function assetsAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<AssetsAnswer>,
  ) {
    const kept = await listCache.answer(key, compute);
    const userId = request.auth?.userId;
    if (!userId) return reply.type('application/json; charset=utf-8').send(kept.bytes);
    const live = await market.watchersOf(
      userId,
      kept.assets.map((asset) => asset.id),
    );
    return kept.build(kept.assets.map((asset) => ({ ...asset, ...live.get(asset.id) })));
  }

  app.get(
    '/assets',
    {
      config: { access: 'optional' },
      schema: { tags, summary: 'The asset list: filter, sort, page', querystring: assetsQuery },
    },
    async (request, reply) => {
      const query = request.query;
      return assetsAnswer(request, reply, JSON.stringify(query), () => listPage(query));
    },
  );

  async function listPage(query: z.infer<typeof assetsQuery>): Promise<AssetsAnswer> {
    const descending = query.sort.startsWith('-');
    const rows = await market.list({
      type: query['filter[type]'],
      symbol: query['filter[symbol]'],
      sort: { column: query.sort.replace(/^-/, '') as SortColumn, descending },
      ...(query.do_not_paginate ? {} : { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    });
    const assets = rows.map(presentAsset);
    if (query.do_not_paginate) return keptAnswer(assets, (data) => ok({ assets: data }));
    const total = rows[0]?.total ?? (await market.count(query['filter[type]'], query['filter[symbol]']));
    return keptAnswer(assets, (data) =>
      ok({
        assets: {
          data,
          current_page: query.page,
          per_page: query.per_page,
          total,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
        },
      }),
    );
  }

  app.get(
    '/assets/top-movers',
    {
      config: { access: 'optional' },
      schema: { tags, summary: 'Top gainers, top losers and the newest listings, 16 each' },
    },
    (request, reply) =>
      // Not a query text, so no list key can take its place.
      assetsAnswer(request, reply, 'top-movers', async () => {
        const [gainers, losers, newest] = await Promise.all([
          market.movers('up', 16),
          market.movers('down', 16),
          market.newest(16),
        ]);
        const split = [gainers.length, gainers.length + losers.length];
        return keptAnswer([...gainers, ...losers, ...newest].map(presentAsset), (assets) =>
          ok({
            gainers: assets.slice(0, split[0]),
            losers: assets.slice(split[0], split[1]),
            new_in_market: assets.slice(split[1]),
          }),
        );
      }),
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
    async (request, reply) => {
      const { range } = request.query;
      // The same for everybody and new only with a tick: kept as bytes per asset and range until then.
      const body = await chartCache.answer(`${request.params.symbol.toUpperCase()} ${range}`, async () => {
        const asset = await market.exists(request.params.symbol);
        if (!asset) throw new NotFound('No such asset.');
        const { resolution, span } = ranges[range];
        const since = span === Infinity ? new Date(0) : new Date(clock.now().getTime() - span - hour);
        const points = await market.history(asset.symbol, resolution, since);
        return Buffer.from(JSON.stringify(ok({ symbol: asset.symbol, range, resolution, points })));
      });
      return reply.type('application/json; charset=utf-8').send(body);
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

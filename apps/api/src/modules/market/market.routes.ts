import {
  assetListResponse,
  assetPageResponse,
  chartRange,
  fxRatesResponse,
  historyResponse,
  successEnvelope,
  topMoversResponse,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { clientKey } from '../../lib/client-address.ts';
import { ServiceUnavailable, TooManyRequests } from '../../lib/errors.ts';
import { assetSorts, type MarketService } from './market.service.ts';
import type { QuoteHub } from './quote-hub.ts';
import { createStreamSlots, streamWriter } from './quote-stream.ts';

const tags = ['market'];
const sortValues = assetSorts.flatMap((column) => [column, `-${column}`]) as [string, ...string[]];

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

// A refused stream is tried again by the web client after a pause of about this length.
const streamRetrySeconds = 30;

const ok = <T>(data: T) => ({ status: 'success' as const, message: 'OK', data });

export const marketRoutes: FastifyPluginAsyncZod<{
  market: MarketService;
  hub: QuoteHub;
  streams: Config['streams'];
}> = async (app, { market, hub, streams }) => {
  const slots = createStreamSlots(streams);

  app.get(
    '/assets',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'The asset list: filter, sort, page',
        querystring: assetsQuery,
        response: { 200: successEnvelope(z.union([assetPageResponse, assetListResponse])) },
      },
    },
    async (request) => {
      const query = request.query;
      const assets = await market.list(
        {
          type: query['filter[type]'],
          symbol: query['filter[symbol]'],
          sort: query.sort,
          page: query.page,
          perPage: query.per_page,
          all: query.do_not_paginate,
        },
        request.auth?.userId,
      );
      return ok(assets);
    },
  );

  app.get(
    '/assets/top-movers',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Top gainers, top losers and the newest listings, 16 each',
        response: { 200: successEnvelope(topMoversResponse) },
      },
    },
    async (request) => ok(await market.topMovers(request.auth?.userId)),
  );

  app.get(
    '/assets/:symbol/history',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Chart points for a range',
        params: z.object({ symbol: z.string().max(20) }),
        querystring: z.object({ range: chartRange.default('1d') }).strict(),
        response: { 200: successEnvelope(historyResponse) },
      },
    },
    async (request) => ok(await market.history(request.params.symbol, request.query.range)),
  );

  app.get(
    '/assets/:symbol/icon.svg',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags,
        summary: 'The asset icon',
        params: z.object({ symbol: z.string().max(20) }),
        response: { 200: { description: 'The icon as SVG', content: { 'image/svg+xml': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const svg = await market.icon(request.params.symbol);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );

  app.get(
    '/fx-rates',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Reference FX rates: units per US dollar',
        response: { 200: successEnvelope(fxRatesResponse) },
      },
    },
    async () => ok(await market.fxRates()),
  );

  app.get(
    '/stream/quotes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Server-Sent Events: each new quote of the given symbols',
        description:
          'A `text/event-stream`. Each `quote` event carries one asset with its new quote as JSON, the same ' +
          'fields as an item of GET /api/assets (`quoteEvent` in @itrust/contracts) with `starred` false. ' +
          'The stream opens with the current quote of each symbol, then sends each new one; comment lines keep it alive.',
        querystring: z.object({ symbols: z.string().max(2000) }).strict(),
        response: {
          200: { description: 'Quote events', content: { 'text/event-stream': { schema: z.string() } } },
        },
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

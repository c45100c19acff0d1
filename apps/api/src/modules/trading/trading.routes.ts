import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { assets, watchlistEntries } from '../../db/schema/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { fileSuffix, inBatches, sendCsv } from '../../lib/csv.ts';
import { wireNumber } from '../../lib/wire-number.ts';
import { periodOf, periodQuery } from '../../lib/period.ts';
import { authOf, type AuthContext } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { TradingQueries } from './trading.queries.ts';
import type { TradingService } from './trading.service.ts';

const tags = ['trading'];
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
};

const assetId = z.coerce.number({ error: 'Select an asset!' }).int('Select an asset!').positive('Select an asset!');
const exitNames = { tp: 'The take-profit price', sl: 'The stop-loss price' } as const;
const notAQuantity = (what: string) => `${what} must be a positive number with at most 8 decimals.`;
const quantityWire = wireNumber(notAQuantity('The quantity'));
const exitWire = (field: keyof typeof exitNames) => wireNumber(notAQuantity(exitNames[field])).nullish();

/** Quantities and prices: positive, at most 8 decimals. */
function quantityFrom(input: unknown, field = 'quantity', what = 'The quantity'): Decimal {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (!/^\d+(\.\d{1,8})?$/.test(text) || new Decimal(text).lte(0))
    throw new ValidationFailed({ [field]: [notAQuantity(what)] });
  if (new Decimal(text).gt('1000000000000')) throw new ValidationFailed({ [field]: [`${what} is too large.`] });
  return new Decimal(text);
}
const optionalPrice = (input: unknown, field: keyof typeof exitNames) =>
  input === undefined || input === null || input === '' ? undefined : quantityFrom(input, field, exitNames[field]);

function approved(auth: AuthContext) {
  if (auth.user.kyc !== 'approved') throw new Forbidden('Verify your identity before you trade.');
  return auth.userId;
}

export const tradeCsvHeader = [
  'Date',
  'Side',
  'Asset',
  'Symbol',
  'Asset type',
  'Quantity',
  'Price (USD)',
  'Amount',
  'P/L',
  'P/L %',
  'Position status',
  'Reason',
  'Wallet',
];

const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });
const pageOf = <T>(data: T[], page: number, perPage: number, total: number) => ({
  data,
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

export const tradingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  trading: TradingService;
  queries: TradingQueries;
}> = async (app, { db, trading, queries }) => {
  // For an approved caller: the signed-in user comes with their currency, so the buy does not read it again.
  const buy = async (auth: AuthContext, body: { asset_id: number; quantity: unknown; tp?: unknown; sl?: unknown }) =>
    trading.buy(auth.userId, {
      assetId: body.asset_id,
      quantity: quantityFrom(body.quantity),
      takeProfit: optionalPrice(body.tp, 'tp'),
      stopLoss: optionalPrice(body.sl, 'sl'),
      currency: auth.user.currency.code,
    });

  app.post(
    '/user/position/store',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Buy at the current price (the cost leaves the brokerage wallet)',
        body: z.object({
          asset_id: assetId,
          quantity: quantityWire,
          wallet: z.literal('brokerage', { error: 'Only the brokerage wallet trades.' }),
          tp: exitWire('tp'),
          sl: exitWire('sl'),
          type: z.literal('buy').optional(),
        }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const userId = approved(auth);
      return idempotent(db, request, reply, userId, async () => {
        const position = await buy(auth, request.body);
        return {
          status: 201,
          body: ok('Position opened.', {
            position: {
              id: position.id,
              quantity: position.quantity,
              cost: position.cost,
              price: position.entryPrice,
              status: position.status,
            },
          }),
        };
      });
    },
  );

  app.put(
    '/user/position/close/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Close part or all of an open position at the current price',
        params: z.object({ id: z.uuid('No such position.') }),
        body: z.object({ position_id: z.string().optional(), quantity: quantityWire, wallet: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const userId = approved(authOf(request));
      return idempotent(db, request, reply, userId, async () => {
        const { proceeds, profit } = await trading.close(
          userId,
          request.params.id,
          quantityFrom(request.body.quantity),
        );
        return { status: 200, body: ok('Position closed.', { proceeds: proceeds.toFixed(2), pl: profit.toFixed(2) }) };
      });
    },
  );

  app.post(
    '/user/trade/store',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'One trade: a buy opens a position, a sell closes part or all of one (position_id)',
        body: z.discriminatedUnion('type', [
          z.object({
            type: z.literal('buy'),
            asset_id: assetId,
            quantity: quantityWire,
            wallet: z.literal('brokerage'),
            tp: exitWire('tp'),
            sl: exitWire('sl'),
          }),
          z.object({ type: z.literal('sell'), position_id: z.uuid('No such position.'), quantity: quantityWire }),
        ]),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const userId = approved(auth);
      const body = request.body;
      if (body.type === 'buy') {
        const position = await buy(auth, body);
        return reply
          .code(201)
          .send(
            ok('Position opened.', { position: { id: position.id, quantity: position.quantity, cost: position.cost } }),
          );
      }
      const { proceeds, profit } = await trading.close(userId, body.position_id, quantityFrom(body.quantity));
      return reply.code(201).send(ok('Position closed.', { proceeds: proceeds.toFixed(2), pl: profit.toFixed(2) }));
    },
  );

  app.get(
    '/user/position',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your open positions with their figures; filter by symbol, wallet or asset type',
        querystring: z
          .object({
            include: z.literal('asset').optional(),
            'filter[symbol]': z.string().trim().min(1).max(20).toUpperCase().optional(),
            'filter[wallet]': z.enum(['brokerage', 'auto']).optional(),
            'filter[type]': z.enum(['stocks', 'crypto']).optional(),
            ...paging,
          })
          .strict(),
      },
    },
    async (request) => {
      const userId = approved(authOf(request));
      const { page, per_page: perPage } = request.query;
      const { data, total } = await queries.positions(userId, 'open', page, perPage, {
        symbol: request.query['filter[symbol]'],
        wallet: request.query['filter[wallet]'],
        type: request.query['filter[type]'],
      });
      return ok('OK', { positions: pageOf(data, page, perPage, total) });
    },
  );

  app.get(
    '/user/holdings',
    {
      config: { access: 'verified' },
      schema: { tags, summary: 'Your open positions summed per asset, most valuable first' },
    },
    async (request) => {
      const userId = approved(authOf(request));
      return ok('OK', { holdings: await queries.holdings(userId) });
    },
  );

  app.get(
    '/user/position/history',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your trades, newest first; filter by month (YYYY-MM) or day (YYYY-MM-DD)',
        querystring: z.object({ ...periodQuery, ...paging }).strict(),
      },
    },
    async (request) => {
      const userId = approved(authOf(request));
      const { page, per_page: perPage } = request.query;
      const { data, total } = await queries.trades(userId, page, perPage, periodOf(request.query));
      return ok('OK', { positions: pageOf(data, page, perPage, total) });
    },
  );

  app.get(
    '/user/position/history/export',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your trades as CSV, newest first, with the same month or day filter as the list',
        querystring: z.object(periodQuery).strict(),
      },
    },
    async (request, reply) => {
      const userId = approved(authOf(request));
      const period = periodOf(request.query);
      const batches = inBatches((after, size) => queries.tradeBatch(userId, period, after, size));
      async function* lines() {
        for await (const { trade } of batches)
          yield [
            trade.created_at,
            trade.type,
            trade.asset.name,
            trade.asset.symbol,
            trade.asset.type,
            trade.quantity,
            trade.price,
            trade.amount,
            trade.pl,
            trade.pl_percentage,
            trade.status,
            trade.reason,
            trade.account,
          ];
      }
      return sendCsv(reply, `itrust-trades${fileSuffix(request.query)}.csv`, tradeCsvHeader, lines());
    },
  );

  app.get(
    '/user/watchlist',
    { config: { access: 'verified' }, schema: { tags, summary: 'Your watchlist' } },
    async (request) => {
      const userId = approved(authOf(request));
      const rows = await db
        .select({
          id: watchlistEntries.id,
          assetId: assets.id,
          symbol: assets.symbol,
          name: assets.name,
          type: assets.type,
        })
        .from(watchlistEntries)
        .innerJoin(assets, eq(assets.id, watchlistEntries.assetId))
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

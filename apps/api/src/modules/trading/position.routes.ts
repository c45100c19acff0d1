import {
  holdingListResponse,
  positionClosedResponse,
  positionListResponse,
  positionOpenedResponse,
  successEnvelope,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ok, pageOf, paging } from '../../lib/responses.ts';
import { authOf, type AuthContext } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { TradingService } from './trading.service.ts';
import { approved, assetId, exitWire, optionalPrice, quantityFrom, quantityWire, tags } from './trading.http.ts';

export const positionRoutes: FastifyPluginAsyncZod<{
  db: Database;
  trading: TradingService;
}> = async (app, { db, trading }) => {
  // For an approved caller: the signed-in user comes with their currency, so the buy does not read it again.
  const buy = async (auth: AuthContext, body: { asset_id: number; quantity: unknown; tp?: unknown; sl?: unknown }) =>
    trading.buy(auth.userId, {
      assetId: body.asset_id,
      quantity: quantityFrom(body.quantity),
      takeProfit: optionalPrice(body.tp, 'tp'),
      stopLoss: optionalPrice(body.sl, 'sl'),
      currency: auth.user.currency.code,
    });
  const opened = (position: Awaited<ReturnType<typeof buy>>) =>
    ok('Position opened.', {
      position: {
        id: position.id,
        quantity: position.quantity,
        cost: position.cost,
        price: position.entryPrice,
        status: position.status,
      },
    });
  const closed = ({ proceeds, profit }: Awaited<ReturnType<TradingService['close']>>) =>
    ok('Position closed.', { proceeds: proceeds.toFixed(2), pl: profit.toFixed(2) });

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
        response: { 201: successEnvelope(positionOpenedResponse) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const userId = approved(request);
      return idempotent(db, request, reply, userId, async () => ({
        status: 201,
        body: opened(await buy(auth, request.body)),
      }));
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
        response: { 200: successEnvelope(positionClosedResponse) },
      },
    },
    async (request, reply) => {
      const userId = approved(request);
      return idempotent(db, request, reply, userId, async () => ({
        status: 200,
        body: closed(await trading.close(userId, request.params.id, quantityFrom(request.body.quantity))),
      }));
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
        response: { 201: successEnvelope(z.union([positionOpenedResponse, positionClosedResponse])) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const userId = approved(request);
      const body = request.body;
      if (body.type === 'buy') return reply.code(201).send(opened(await buy(auth, body)));
      return reply.code(201).send(closed(await trading.close(userId, body.position_id, quantityFrom(body.quantity))));
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
            ...paging(10),
          })
          .strict(),
        response: { 200: successEnvelope(positionListResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      const { page, per_page: perPage } = request.query;
      const { data, total } = await trading.positions(userId, 'open', page, perPage, {
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
      schema: {
        tags,
        summary: 'Your open positions summed per asset, most valuable first',
        response: { 200: successEnvelope(holdingListResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      return ok('OK', { holdings: await trading.holdings(userId) });
    },
  );
};

import {
  orderListResponse,
  orderResponse,
  orderStatus,
  placedOrderType,
  successEnvelope,
  timeInForce,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { amountFrom, amountMessages } from '../../lib/money.ts';
import { ok, pageOf, paging } from '../../lib/responses.ts';
import { wireNumber } from '../../lib/wire-number.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { TradingService } from './trading.service.ts';
import { approved, assetId, quantityFrom, quantityWire, tags } from './trading.http.ts';

const priceWire = wireNumber('The price must be a positive number with at most 8 decimals.').nullish();
const given = <T>(input: unknown, read: (input: unknown) => T) =>
  input === undefined || input === null || input === '' ? undefined : read(input);

export const orderRoutes: FastifyPluginAsyncZod<{ db: Database; trading: TradingService }> = async (
  app,
  { db, trading },
) => {
  app.post(
    '/user/orders',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary:
          'Place a limit, stop or stop-limit order; what it may use is held until it fills, is cancelled or expires',
        body: z.object({
          asset_id: assetId.optional(),
          position_id: z.uuid('No such position.').optional(),
          side: z.enum(['buy', 'sell'], { error: 'Choose to buy or to sell.' }),
          type: z.enum(placedOrderType.options, { error: 'Choose a limit, stop or stop-limit order.' }),
          quantity: quantityWire.nullish(),
          amount: wireNumber(amountMessages.invalid).nullish(),
          limit_price: priceWire,
          stop_price: priceWire,
          time_in_force: timeInForce.default('day'),
        }),
        response: { 201: successEnvelope(orderResponse) },
      },
    },
    async (request, reply) => {
      const userId = approved(request);
      const body = request.body;
      return idempotent(db, request, reply, userId, async () => {
        const order = await trading.place(userId, {
          side: body.side,
          type: body.type,
          assetId: body.asset_id,
          positionId: body.position_id,
          quantity: given(body.quantity, (input) => quantityFrom(input)),
          amount: given(body.amount, amountFrom),
          limitPrice: given(body.limit_price, (input) => quantityFrom(input, 'limit_price', 'The limit price')),
          stopPrice: given(body.stop_price, (input) => quantityFrom(input, 'stop_price', 'The stop price')),
          timeInForce: body.time_in_force,
          currency: authOf(request).user.currency.code,
        });
        return { status: 201, body: ok('Order placed.', { order }) };
      });
    },
  );

  app.get(
    '/user/orders',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your orders, newest first; filter by status (ended: every status but open) or asset symbol',
        querystring: z
          .object({
            'filter[status]': z.enum([...orderStatus.options, 'ended']).optional(),
            'filter[symbol]': z.string().trim().min(1).max(20).toUpperCase().optional(),
            ...paging(10),
          })
          .strict(),
        response: { 200: successEnvelope(orderListResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      const { page, per_page: perPage } = request.query;
      const filter = { status: request.query['filter[status]'], symbol: request.query['filter[symbol]'] };
      const { data, total } = await trading.orders(userId, page, perPage, filter);
      return ok('OK', { orders: pageOf(data, page, perPage, total) });
    },
  );

  app.delete(
    '/user/orders/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Cancel an open order; what it held is released',
        params: z.object({ id: z.uuid('No such order.') }),
        response: { 200: successEnvelope(orderResponse) },
      },
    },
    async (request, reply) => {
      const userId = approved(request);
      return idempotent(db, request, reply, userId, async () => {
        const order = await trading.cancel(userId, request.params.id);
        return { status: 200, body: ok('Order cancelled.', { order }) };
      });
    },
  );
};

import { successEnvelope, tradeListResponse } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, pageOf, paging } from '../../lib/responses.ts';
import { exportRoute } from '../../lib/csv.ts';
import { periodOf, periodQuery } from '../../lib/period.ts';
import { decimalString } from '../../lib/money.ts';
import { approved, tags } from './trading.http.ts';
import type { TradingService } from './trading.service.ts';

const tradeCsvHeader = [
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

export const tradeHistoryRoutes: FastifyPluginAsyncZod<{ trading: TradingService }> = async (app, { trading }) => {
  app.get(
    '/user/position/history',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your trades, newest first; filter by month (YYYY-MM), day (YYYY-MM-DD) or asset symbol',
        querystring: z
          .object({
            ...periodQuery,
            ...paging(10),
            'filter[symbol]': z.string().trim().min(1).max(20).toUpperCase().optional(),
          })
          .strict(),
        response: { 200: successEnvelope(tradeListResponse) },
      },
    },
    async (request) => {
      const userId = approved(request);
      const { page, per_page: perPage } = request.query;
      const symbol = request.query['filter[symbol]'];
      const { data, total } = await trading.trades(userId, page, perPage, periodOf(request.query), symbol);
      return ok('OK', { positions: pageOf(data, page, perPage, total) });
    },
  );

  exportRoute(app, {
    url: '/user/position/history/export',
    tags,
    summary: 'Your trades as CSV, newest first, with the same month or day filter as the list',
    description: 'The trades as CSV',
    fileName: 'itrust-trades',
    header: tradeCsvHeader,
    userOf: approved,
    batch: trading.tradeBatch,
    line: ({ trade }) => [
      trade.created_at,
      trade.type,
      trade.asset.name,
      trade.asset.symbol,
      trade.asset.type,
      trade.quantity,
      // Stored to 10 places; the file shows the price's own decimals, two at least.
      decimalString(trade.price),
      trade.amount,
      trade.pl,
      trade.pl_percentage,
      trade.status,
      trade.reason,
      trade.account,
    ],
  });
};

import type { OrderListResponse, OrderResponse, OrderStatus } from '@itrust/contracts';
import type { OrderTerms } from '@itrust/contracts/order-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';

/** `ended`: filled, cancelled and expired orders. */
export type OrderFilter = { status?: OrderStatus | 'ended'; symbol?: string };

/** One page of the caller's orders, newest first, under the orders key that every trade refreshes. */
export const ordersQuery = (filter: OrderFilter, page = 1, perPage = 50) =>
  queryOptions({
    queryKey: ['orders', filter, page, perPage],
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
      for (const [name, value] of Object.entries(filter)) if (value) params.set(`filter[${name}]`, value);
      return (await apiData<OrderListResponse>(`/user/orders?${params.toString()}`)).orders;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useOrders = (filter: OrderFilter, enabled = true, page = 1, perPage = 50) =>
  useQuery({ ...ordersQuery(filter, page, perPage), enabled });

/** An order changes the wallet's hold, a position's free quantity and, when it fills, everything a trade does. */
const afterOrder = ['orders', 'positions', 'trade-history', 'wallets', 'transactions', 'analytics', 'user'];

export type PlaceOrderInput = {
  side: 'buy' | 'sell';
  assetId: number;
  positionId?: string | undefined;
  amount: string;
  terms: OrderTerms;
};

export const usePlaceOrder = () =>
  useIdempotentMutation(
    ({ side, assetId, positionId, amount, terms }: PlaceOrderInput, headers) =>
      apiRequest<OrderResponse>('/user/orders', {
        method: 'POST',
        body: {
          side,
          type: terms.type,
          ...(side === 'buy' ? { asset_id: assetId } : { position_id: positionId }),
          amount,
          ...(terms.type === 'stop' ? {} : { limit_price: terms.limitPrice }),
          ...(terms.type === 'limit' ? {} : { stop_price: terms.stopPrice }),
          time_in_force: terms.timeInForce,
        },
        headers,
      }),
    afterOrder,
  );

export const useCancelOrder = () =>
  useIdempotentMutation(
    (orderId: string, headers) => apiRequest<OrderResponse>(`/user/orders/${orderId}`, { method: 'DELETE', headers }),
    afterOrder,
  );

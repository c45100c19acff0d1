import { orderEndReasons, orderLabels, type Order } from '@itrust/contracts';
import { formatPrice } from '@itrust/contracts/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ordersQuery } from '../api/orders';

/** The market ticks every few seconds: open orders are read again as often, and only while there are any. */
const checkEveryMs = 5000;
const afterFill = ['orders', 'positions', 'trade-history', 'wallets', 'transactions', 'analytics', 'user'];

const described = (order: Order) =>
  `Your ${orderLabels[order.type].toLowerCase()} ${order.side} of ${order.quantity ?? 'your position in'} ${order.asset.symbol}`;

function noticeOf(order: Order): string {
  if (order.status === 'filled') return `${described(order)} filled at ${formatPrice(order.fill_price)}.`;
  if (order.status === 'expired') return `${described(order)} expired. What it held is available again.`;
  return `${described(order)} ended: ${orderEndReasons[order.end_reason ?? 'cancelled'].toLowerCase()}.`;
}

/**
 * Tells a signed-in investor when an order fills or ends without filling: a toast, and every figure a
 * fill changes is read again. Orders the investor cancelled here end quietly: the cancel says so itself.
 */
export function OrderNotices() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const open = useQuery({
    ...ordersQuery({ status: 'open' }, 1, 100),
    refetchInterval: (query) => (query.state.data?.data.length ? checkEveryMs : false),
  });
  const known = useRef<Set<string>>(undefined);

  useEffect(() => {
    if (!open.data) return;
    const ids = new Set(open.data.data.map((order) => order.id));
    const before = known.current;
    known.current = ids;
    const gone = [...(before ?? [])].filter((id) => !ids.has(id));
    if (gone.length === 0) return;
    void queryClient.query(ordersQuery({ status: 'ended' }, 1, 100)).then((ended) => {
      for (const order of ended.data)
        if (gone.includes(order.id) && order.end_reason !== 'cancelled')
          (order.status === 'filled' ? toast.success : toast.error)(noticeOf(order));
      for (const key of afterFill) void queryClient.invalidateQueries({ queryKey: [key] });
    });
  }, [open.data, queryClient, toast]);
  return null;
}

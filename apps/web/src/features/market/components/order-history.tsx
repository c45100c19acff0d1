import { orderEndReasons, type Order } from '@itrust/contracts';
import { formatPrice } from '@itrust/contracts/format';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { CardList, CardRow } from '../../../components/ui/card-list';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Pager } from '../../../components/ui/pager';
import { TableHead } from '../../../components/ui/table-head';
import { openedOn } from '../../../components/signed-figure';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useMoney } from '../../../lib/use-money';
import { useOrders } from '../api/orders';
import { OrderName } from './open-orders';

const statusStyles: Record<Order['status'], string> = {
  open: 'text-sky-800',
  filled: 'text-emerald-800',
  cancelled: 'text-slate-700',
  expired: 'text-amber-800',
};

/** What became of an ended order: filled at which price for how much, or why it ended without filling. */
function outcome(order: Order, money: (amount: string) => string) {
  if (order.status === 'filled')
    return `Filled at ${formatPrice(order.fill_price)} for ${money(order.filled_amount ?? '0')}`;
  return order.end_reason ? orderEndReasons[order.end_reason] : order.status;
}

/** /history's order tab: filled, cancelled and expired orders, newest first, each with what became of it. */
export function OrderHistory({ perPage = 7 }: { perPage?: number }) {
  const [page, setPage] = useState(1);
  const orders = useOrders({ status: 'ended' }, true, page, perPage);
  const { money } = useMoney();
  const isDesktop = useIsDesktop();
  const rows = orders.data?.data ?? [];
  const lastPage = orders.data?.last_page ?? 1;
  return (
    <Card title="Order history" busy={orders.isPlaceholderData}>
      {orders.isPending && <p className="mt-3 text-sm text-slate-600">Loading your orders…</p>}
      {orders.isError && <MessageBanner error={orders.error.message} />}
      {orders.isSuccess && rows.length === 0 && <p className="mt-3 text-slate-600">You have no orders</p>}
      {rows.length > 0 &&
        (isDesktop ? (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="order-history">
              <TableHead columns={['Order', 'Placed', 'Ended', 'Quantity', 'Status', 'Outcome']} />
              <tbody className="divide-y divide-slate-100">
                {rows.map((order) => (
                  <tr key={order.id}>
                    <td className="py-2">
                      <OrderName order={order} />
                    </td>
                    <td className="tabular-nums">{openedOn(order.created_at)}</td>
                    <td className="tabular-nums">{order.ended_at ? openedOn(order.ended_at) : '—'}</td>
                    <td className="tabular-nums">{order.quantity ?? 'The whole position'}</td>
                    <td>
                      <OrderStatus order={order} />
                    </td>
                    <td>{outcome(order, money)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <CardList testId="order-history">
            {rows.map((order) => (
              <CardRow
                key={order.id}
                title={<OrderName order={order} />}
                aside={<OrderStatus order={order} />}
                figures={[
                  ['Placed', openedOn(order.created_at)],
                  ['Ended', order.ended_at ? openedOn(order.ended_at) : '—'],
                  ['Quantity', order.quantity ?? 'The whole position'],
                  ['Outcome', outcome(order, money)],
                ]}
              />
            ))}
          </CardList>
        ))}
      {lastPage > 1 && (
        <Pager summary={`${orders.data?.total} orders`} page={page} lastPage={lastPage} onPage={setPage} />
      )}
    </Card>
  );
}

function OrderStatus({ order }: { order: Order }) {
  return <span className={`font-medium capitalize ${statusStyles[order.status]}`}>{order.status}</span>;
}

import { orderLabels, type Order } from '@itrust/contracts';
import { formatPrice } from '@itrust/contracts/format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardList, CardRow } from '../../../components/ui/card-list';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useToast } from '../../../components/ui/toast';
import { useMoney } from '../../../lib/use-money';
import { useCancelOrder, useOrders } from '../api/orders';

/** An order's prices as its type names them, in US dollars. */
export function orderPrices(order: Order): string {
  if (order.type === 'exit')
    return [
      order.limit_price && `take profit ${formatPrice(order.limit_price)}`,
      order.stop_price && `stop loss ${formatPrice(order.stop_price)}`,
    ]
      .filter(Boolean)
      .join(', ');
  return [
    order.stop_price && `stop ${formatPrice(order.stop_price)}`,
    order.limit_price && `limit ${formatPrice(order.limit_price)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** An order's type, side and asset, with its prices beneath. */
export function OrderName({ order }: { order: Order }) {
  return (
    <>
      <span className="block font-medium text-slate-900">
        {orderLabels[order.type]} {order.side} · {order.asset.symbol}
      </span>
      <span className="block text-xs text-slate-600">{orderPrices(order)}</span>
    </>
  );
}

const untilOf = (order: Order) =>
  order.expires_at
    ? `${order.time_in_force === 'day' ? 'Day' : 'Good till cancelled'}, until ${new Date(order.expires_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`
    : 'While the position is open';

/**
 * The caller's open orders, of one asset when `symbol` is given: type, prices, quantity, what each
 * holds, how long it waits, and a cancel action that releases the hold.
 */
export function OpenOrderList({ approved = true, symbol }: { approved?: boolean; symbol?: string }) {
  const orders = useOrders(symbol ? { status: 'open', symbol } : { status: 'open' }, approved);
  const cancel = useCancelOrder();
  const toast = useToast();
  const { money } = useMoney();
  const rows = orders.data?.data ?? [];

  async function cancelOrder(order: Order) {
    try {
      await cancel.mutateAsync(order.id);
      toast.success(`Order cancelled. What it held is available again.`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The order could not be cancelled.');
    }
  }

  if (approved && orders.isPending) return <p className="mt-3 text-sm text-slate-600">Loading your orders…</p>;
  if (orders.isError) return <MessageBanner error={orders.error.message} />;
  if (rows.length === 0) return <p className="mt-1 text-sm text-slate-600">You have no orders</p>;
  return (
    <CardList testId="open-orders">
      {rows.map((order) => (
        <CardRow
          key={order.id}
          title={<OrderName order={order} />}
          aside={
            <Button
              variant="secondary"
              className="min-h-9 px-3 py-1"
              aria-label={`Cancel ${orderLabels[order.type].toLowerCase()} ${order.side} of ${order.asset.symbol}`}
              disabled={cancel.isPending}
              onClick={() => void cancelOrder(order)}
            >
              Cancel
            </Button>
          }
          figures={[
            ['Quantity', order.quantity ?? 'The whole position'],
            [
              'Held',
              order.side === 'buy' ? money(order.reserved) : `${order.quantity ?? 'none'} ${order.asset.symbol}`,
            ],
            ['Time in force', untilOf(order)],
          ]}
        />
      ))}
    </CardList>
  );
}

/** Open orders as a block of their own, on the market and asset screens. */
export function OpenOrders({ symbol }: { symbol?: string }) {
  return (
    <Card title="Open orders">
      <OpenOrderList symbol={symbol} />
    </Card>
  );
}

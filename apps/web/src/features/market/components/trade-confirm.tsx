import { orderLabels, timeInForceLabels } from '@itrust/contracts';
import { formatMoney, formatPrice } from '@itrust/contracts/format';
import type { OrderTerms } from '@itrust/contracts/order-rules';
import { useRef } from 'react';
import { ConfirmFlow } from '../../../components/confirm-flow';
import { usePlaceOrder } from '../api/orders';
import { useBuy, useClose } from '../api/trading';

/** A trade the investor reviews before it is sent: a buy of an asset, or a sale from one open position. */
export type TradeOrder = {
  side: 'buy' | 'sell';
  asset: { id: number; name: string; symbol: string };
  quantity: string;
  /** What the trade is worth at the price on screen, in the display currency. */
  amount: string;
  /** The position a sale closes part or all of. */
  positionId?: string;
  /** An order that waits for its price; a market order without. */
  terms?: OrderTerms;
};

/** The confirm modal's lines for an order that waits: its type, prices and time in force. */
function termsDetails(terms: OrderTerms | undefined) {
  if (!terms || terms.type === 'market') return [];
  return [
    { label: 'Order type', value: orderLabels[terms.type] },
    ...(terms.type === 'limit' ? [] : [{ label: 'Stop price', value: `${formatPrice(terms.stopPrice)} USD` }]),
    ...(terms.type === 'stop' ? [] : [{ label: 'Limit price', value: `${formatPrice(terms.limitPrice)} USD` }]),
    { label: 'Time in force', value: timeInForceLabels[terms.timeInForce] },
  ];
}

type TradeConfirmProps = {
  order: TradeOrder;
  sign: string;
  /** Where Continue goes after the trade; without it the investor stays on the screen, refreshed. */
  continueTo?: string;
  sendingText?: string;
  onClose: (traded: boolean) => void;
};

/**
 * The one trade flow of every ticket: the confirm modal (nothing is sent before Confirm), the
 * sending text, then the success modal with what was bought or sold and for how much.
 */
export function TradeConfirm({
  order,
  sign,
  continueTo,
  sendingText = 'Opening position...',
  onClose,
}: TradeConfirmProps) {
  const buy = useBuy();
  const close = useClose();
  const place = usePlaceOrder();
  const traded = useRef(false);
  const waits = order.terms && order.terms.type !== 'market';

  async function submit() {
    const { side, asset, quantity, positionId, terms, amount } = order;
    if (terms && terms.type !== 'market') {
      const placed = (await place.mutateAsync({ side, assetId: asset.id, positionId, amount, terms })).data.order;
      traded.current = true;
      const held =
        side === 'buy'
          ? `${formatMoney(placed.reserved, sign)} of your brokerage wallet`
          : `${placed.quantity} ${asset.symbol}`;
      return {
        message: `Your ${orderLabels[terms.type].toLowerCase()} order to ${side} ${placed.quantity} of ${asset.symbol} waits for its price. ${held} is held for it until it fills, you cancel it or it expires.`,
      };
    }
    let worth: string;
    if (side === 'buy') worth = (await buy.mutateAsync({ assetId: asset.id, quantity })).data.position.cost;
    else if (positionId) worth = (await close.mutateAsync({ positionId, quantity })).data.proceeds;
    else throw new Error('Select a position!');
    traded.current = true;
    // What the wallet actually paid or received, which the price may have moved from the estimate.
    return {
      message: `You ${side === 'buy' ? 'bought' : 'sold'} ${quantity} of ${asset.symbol} for ${formatMoney(worth, sign)}.`,
    };
  }

  return (
    <ConfirmFlow
      title={`confirm ${order.side}`}
      details={[
        { label: 'Asset', value: `${order.asset.name} (${order.asset.symbol})` },
        { label: 'Quantity', value: order.quantity },
        { label: 'Amount', value: formatMoney(order.amount, sign) },
        { label: 'Wallet', value: 'Brokerage' },
        ...termsDetails(order.terms),
      ]}
      submit={submit}
      sendingText={waits ? 'Placing order...' : sendingText}
      doneTitle={waits ? 'Order placed' : order.side === 'buy' ? 'Position opened' : 'Position closed'}
      continueTo={continueTo}
      onClose={() => onClose(traded.current)}
    />
  );
}

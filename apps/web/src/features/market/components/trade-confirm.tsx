import { formatMoney } from '@itrust/contracts/format';
import { useRef } from 'react';
import { ConfirmFlow } from '../../../components/confirm-flow';
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
};

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
  const traded = useRef(false);

  async function submit() {
    const { side, asset, quantity, positionId } = order;
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
      ]}
      submit={submit}
      sendingText={sendingText}
      doneTitle={order.side === 'buy' ? 'Position opened' : 'Position closed'}
      continueTo={continueTo}
      onClose={() => onClose(traded.current)}
    />
  );
}

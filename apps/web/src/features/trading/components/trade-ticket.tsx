import { quantityFor, tradeRefusal } from '@itrust/contracts/trade-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import type { Asset } from '../../market/api/types';
import { useWallets } from '../../cash/api/wallet';
import { useBuy, useClose } from '../api/trading';
import type { Position } from '../api/types';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { BrokerageAvailable } from './brokerage-available';

type TradeTicketProps = { asset: Asset; positions: Position[]; sign: string; rate: number };

/**
 * Buy and sell one asset from the brokerage wallet. Selling closes part or all of the chosen open
 * position; the quantity is the amount over the current price, rounded down so it never costs more.
 */
export function TradeTicket({ asset, positions, sign, rate }: TradeTicketProps) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [amount, setAmount] = useState('');
  const [positionId, setPositionId] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const buy = useBuy();
  const close = useClose();
  const wallets = useWallets();
  const error = useFlash();
  const success = useFlash();
  const pending = buy.isPending || close.isPending;

  const price = (Number(asset.price) * rate).toFixed(8);
  const quantity = quantityFor(amount, price) ?? '0.00000000';
  const chosen = positions.find((position) => position.id === positionId) ?? positions[0];

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!amount.trim()) {
      setAmountError('Amount required!');
      return;
    }
    if (!quantityFor(amount, price) || Number(quantity) <= 0) {
      setAmountError('Enter an amount above zero.');
      return;
    }
    const refusal = tradeRefusal({
      side,
      amount,
      quantity,
      price,
      available: wallets.data?.brokerage.available,
      held: chosen?.quantity,
    });
    if (refusal) {
      setAmountError(refusal);
      return;
    }
    setAmountError(undefined);
    error.clear();
    void trade();
  }

  async function trade() {
    try {
      if (side === 'buy') await buy.mutateAsync({ assetId: asset.id, quantity });
      else if (chosen) await close.mutateAsync({ positionId: chosen.id, quantity });
      success.show(side === 'buy' ? 'Position opened.' : 'Position closed.');
      setAmount('');
    } catch (caught) {
      error.show(caught instanceof Error ? caught.message : 'The trade failed.');
    }
  }

  return (
    <section aria-labelledby="ticket-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="ticket-title" className="sr-only">
        Trade {asset.name}
      </h2>
      <SegmentedControl
        label="Side"
        options={['buy', 'sell'] as const}
        value={side}
        onChange={setSide}
        optionLabel={(option) => `${option} ${asset.name}`}
      />
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <SelectField
          label="Wallet"
          options={[{ value: 'brokerage', label: 'Brokerage' }]}
          value="brokerage"
          onChange={() => undefined}
        />
        <BrokerageAvailable />
        {side === 'sell' &&
          (positions.length === 0 ? (
            <p className="text-sm text-slate-700">You have no open positions in {asset.symbol} to sell.</p>
          ) : (
            <SelectField
              label="Position"
              placeholder="Select a position"
              options={positions.map((position) => ({
                value: position.id,
                label: `${position.quantity} ${asset.symbol} bought ${new Date(position.created_at).toLocaleDateString('en-GB')}`,
              }))}
              value={chosen?.id ?? ''}
              onChange={(event) => setPositionId(event.target.value)}
            />
          ))}
        <TextField
          label={`Amount (${sign})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={amountError}
        />
        <p className="text-sm text-slate-700">
          Quantity:{' '}
          <span className="font-semibold tabular-nums" data-testid="ticket-quantity">
            {quantity} {asset.symbol}
          </span>
        </p>
        <MessageBanner error={error.message} success={pending ? null : success.message} />
        {pending && (
          <p role="status" className="text-sm text-slate-700">
            {side === 'buy' ? 'Opening position...' : 'Closing position...'}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={pending || (side === 'sell' && positions.length === 0)}>
          {side === 'buy' ? 'Buy' : 'Sell'}
        </Button>
      </form>
    </section>
  );
}

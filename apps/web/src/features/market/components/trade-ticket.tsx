import { ExactDecimal, type Decimal } from '@itrust/contracts/money';
import { holdPriceOf, marketTerms, orderTermsErrors, type OrderTerms } from '@itrust/contracts/order-rules';
import { quantityFor, tradeAmountError } from '@itrust/contracts/trade-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useWallets } from '../../../lib/queries/wallets';
import type { Asset, Position } from '@itrust/contracts';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { BrokerageAvailable } from './brokerage-available';
import { OrderTermsFields } from './order-terms-fields';
import { TradeConfirm, type TradeOrder } from './trade-confirm';

type TradeTicketProps = { asset: Asset; positions: Position[]; sign: string; rate: Decimal };

/**
 * Buy and sell one asset from the brokerage wallet. Selling closes part or all of the chosen open
 * position; the quantity is the amount over the current price, rounded down so it never costs more.
 */
export function TradeTicket({ asset, positions, sign, rate }: TradeTicketProps) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [amount, setAmount] = useState('');
  const [positionId, setPositionId] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [order, setOrder] = useState<TradeOrder>();
  const [terms, setTerms] = useState<OrderTerms>(marketTerms);
  const [termsErrors, setTermsErrors] = useState<ReturnType<typeof orderTermsErrors>>({});
  const wallets = useWallets();

  // A waiting order is sized at the price it holds for (order-rules.ts); a market order at the price now.
  const price = new ExactDecimal(holdPriceOf(side, terms) ?? asset.price).times(rate).toFixed(8);
  const quantity = quantityFor(amount, price) ?? '0.00000000';
  const chosen = positions.find((position) => position.id === positionId) ?? positions[0];

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const available = wallets.data?.brokerage.available;
    const error = tradeAmountError({ side, amount, quantity, price, available, held: chosen?.quantity });
    const priceErrors = orderTermsErrors(side, terms, asset.price);
    setAmountError(error);
    setTermsErrors(priceErrors);
    if (!error && Object.keys(priceErrors).length === 0)
      setOrder({ side, asset, quantity, amount, positionId: chosen?.id, terms });
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
        <OrderTermsFields terms={terms} onChange={setTerms} price={asset.price} errors={termsErrors} />
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
        <Button type="submit" className="w-full" disabled={side === 'sell' && positions.length === 0}>
          {terms.type === 'market' ? (side === 'buy' ? 'Buy' : 'Sell') : `Place ${side} order`}
        </Button>
      </form>
      {order && (
        <TradeConfirm
          order={order}
          sign={sign}
          onClose={(traded) => {
            setOrder(undefined);
            if (traded) setAmount('');
          }}
        />
      )}
    </section>
  );
}

import { ExactDecimal } from '@itrust/contracts/money';
import { holdPriceOf, marketTerms, orderTermsErrors, type OrderTerms } from '@itrust/contracts/order-rules';
import { quantityFor, tradeAmountError } from '@itrust/contracts/trade-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useWallets } from '../../../lib/queries/wallets';
import { useAssetsOfType } from '../api/get-assets-of-type';
import { useSettlementCurrency } from '../api/get-fx-rates';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import type { Asset } from '@itrust/contracts';
import { usePositions } from '../api/trading';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { BrokerageAvailable } from './brokerage-available';
import { OrderTermsFields } from './order-terms-fields';
import { TradeConfirm, type TradeOrder } from './trade-confirm';

type Errors = { wallet?: string; amount?: string; asset?: string };

/**
 * The /market trade form. Buying lists every asset of the chosen type; selling lists only the
 * caller's open positions of that type in the chosen wallet. Quantity is amount over price, 6 places.
 */
export function MarketTradeForm() {
  const { sign, rate } = useSettlementCurrency();
  const [wallet, setWallet] = useState('brokerage');
  const [type, setType] = useState<Asset['type']>('stocks');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [choice, setChoice] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [order, setOrder] = useState<TradeOrder>();
  const [terms, setTerms] = useState<OrderTerms>(marketTerms);
  const [termsErrors, setTermsErrors] = useState<ReturnType<typeof orderTermsErrors>>({});
  const assets = useAssetsOfType(type);
  // Only the brokerage wallet trades here; with none chosen there is nothing to sell.
  const positions = usePositions(wallet === 'brokerage', { type, wallet: 'brokerage' });
  const wallets = useWallets();

  const open = positions.data ?? [];
  const options =
    side === 'buy'
      ? (assets.data ?? []).map((asset) => ({ value: String(asset.id), label: `${asset.name} (${asset.symbol})` }))
      : open.map((position) => ({
          value: position.id,
          label: `${position.asset.name} (${position.asset.symbol}) · ${position.quantity} held`,
        }));
  const position = open.find((item) => item.id === choice);
  const asset = (assets.data ?? []).find((item) =>
    side === 'buy' ? String(item.id) === choice : item.id === position?.asset_id,
  );
  // The list's prices are those of when it was read; the quantity follows the asset's live quote.
  const live = useLiveQuotes(asset ? [asset.symbol] : []);
  const quote = asset && (live[asset.symbol] ?? asset);
  // A waiting order is sized at the price it holds for (order-rules.ts); a market order at the price now.
  const price = quote ? new ExactDecimal(holdPriceOf(side, terms) ?? quote.price).times(rate).toFixed(8) : '';
  const quantity = (asset && quantityFor(amount, price, 6)) || '0.000000';

  function review(event: SyntheticEvent) {
    event.preventDefault();
    const available = wallets.data?.brokerage.available;
    const found: Errors = {
      wallet: wallet ? undefined : 'Wallet required!',
      amount: tradeAmountError({ side, amount, quantity, price, available, held: position?.quantity }),
      asset: choice && asset ? undefined : 'Select an asset!',
    };
    const priceErrors = quote ? orderTermsErrors(side, terms, quote.price) : {};
    setErrors(found);
    setTermsErrors(priceErrors);
    if (!found.wallet && !found.amount && !found.asset && asset && Object.keys(priceErrors).length === 0)
      setOrder({ side, asset, quantity, amount, positionId: position?.id, terms });
  }

  const reset = (next: () => void) => {
    next();
    setChoice('');
    setErrors({});
  };

  return (
    <Card title="Trade">
      <form onSubmit={review} noValidate className="mt-4 space-y-4">
        <SegmentedControl
          label="Side"
          kind="radio"
          options={['buy', 'sell'] as const}
          value={side}
          onChange={(option) => reset(() => setSide(option))}
        />
        <SelectField
          label="Account type"
          placeholder="Select a wallet"
          options={[{ value: 'brokerage', label: 'Brokerage' }]}
          value={wallet}
          onChange={(event) => reset(() => setWallet(event.target.value))}
          error={errors.wallet}
        />
        <BrokerageAvailable />
        <SelectField
          label="Asset type"
          options={[
            { value: 'stocks', label: 'Stocks' },
            { value: 'crypto', label: 'Crypto' },
          ]}
          value={type}
          onChange={(event) => reset(() => setType(event.target.value === 'crypto' ? 'crypto' : 'stocks'))}
        />
        <SelectField
          label={side === 'buy' ? 'Asset' : 'Position'}
          placeholder={
            assets.isPending || positions.isPending
              ? 'Loading…'
              : options.length === 0
                ? 'You have no open positions'
                : 'Select an asset'
          }
          options={options}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          error={errors.asset ?? (assets.isError ? assets.error.message : positions.error?.message)}
        />
        <OrderTermsFields terms={terms} onChange={setTerms} price={quote?.price ?? '0'} errors={termsErrors} />
        <TextField
          label={`Amount (${sign})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
        <p className="text-sm text-slate-700">
          Quantity:{' '}
          <span className="font-semibold tabular-nums" data-testid="trade-quantity">
            {quantity} {asset?.symbol ?? ''}
          </span>
        </p>
        <Button type="submit" className="w-full">
          {terms.type === 'market' ? (side === 'buy' ? 'Buy' : 'Sell') : `Place ${side} order`}
        </Button>
      </form>
      {order && (
        <TradeConfirm
          order={order}
          sign={sign}
          continueTo="/market"
          onClose={(traded) => {
            setOrder(undefined);
            if (traded) setAmount('');
          }}
        />
      )}
    </Card>
  );
}

import { ungrouped } from '@itrust/contracts/money';
import { exceedsAvailable, walletRefusals } from '@itrust/contracts/wallet-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useKycStatus } from '../../../lib/queries/get-user';
import { autoMovableQuery, useSwap } from '../api/wallet';
import { useWallets, type WalletKind } from '../../../lib/queries/wallets';
import { AmountField } from '../../../components/amount-field';
import { ConfirmFlow } from '../../../components/confirm-flow';
import { useAmountRequest } from '../../../hooks/use-amount-request';
import { useMoney } from '../../../lib/use-money';

const names: Record<WalletKind, string> = { cash: 'cash', brokerage: 'brokerage balance', auto: 'automated investing' };

/** Moves money between cash and the brokerage or automated-investing balance; the swap icon flips the direction. */
export function TransferForm() {
  const wallets = useWallets();
  const approved = useKycStatus() === 'approved';
  const autoMovable = useQuery(autoMovableQuery(approved));
  // Automated investing sells its holdings for what its cash lacks; before approval it holds only cash.
  const movable = (kind: WalletKind) =>
    kind === 'auto' && approved ? autoMovable.data : wallets.data?.[kind].available;
  const swap = useSwap();
  const { entered } = useMoney();
  const [other, setOther] = useState<'brokerage' | 'auto'>('brokerage');
  const [fromCash, setFromCash] = useState(true);
  const from: WalletKind = fromCash ? 'cash' : other;
  const to: WalletKind = fromCash ? other : 'cash';
  const { amount, setAmount, confirming, error, request, close } = useAmountRequest((amount, value) => {
    if (amount.trim() === '' || value.lte(0)) return 'Invalid amount!';
    return exceedsAvailable(amount, movable(from)) ? walletRefusals.insufficient : null;
  });

  return (
    <form onSubmit={request} className="space-y-4" noValidate>
      {wallets.isError && <MessageBanner error={wallets.error.message} />}
      <div className="flex items-center justify-between rounded-xl bg-slate-50 p-4">
        <div>
          <p className="text-xs text-slate-600">From</p>
          <p className="font-semibold capitalize">{names[from]}</p>
          <p className="text-sm tabular-nums text-slate-700">{entered(movable(from))}</p>
        </div>
        <button
          type="button"
          onClick={() => setFromCash(!fromCash)}
          aria-label="Swap the direction of the transfer"
          className="rounded-full border border-slate-300 bg-white p-2 text-lg hover:bg-slate-100"
        >
          ⇄
        </button>
        <div className="text-right">
          <p className="text-xs text-slate-600">To</p>
          <p className="font-semibold capitalize">{names[to]}</p>
          <p className="text-sm tabular-nums text-slate-700">{entered(movable(to))}</p>
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Move money {fromCash ? 'to' : 'from'}</legend>
        {(['brokerage', 'auto'] as const).map((kind) => (
          <label
            key={kind}
            className="flex cursor-pointer items-center justify-between rounded-lg border border-slate-200 px-3 py-2"
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name="transfer-wallet"
                checked={other === kind}
                onChange={() => setOther(kind)}
                className="accent-brand-700"
              />
              {names[kind]}
            </span>
            <span className="text-sm tabular-nums text-slate-700" data-testid={`transfer-available-${kind}`}>
              {entered(movable(kind))}
            </span>
          </label>
        ))}
        {from === 'auto' && (
          <p className="text-xs text-slate-600" data-testid="transfer-auto-note">
            Automated investing holds {entered(wallets.data?.auto.available)} in cash; the rest of a transfer out is
            raised by selling its investments at current prices.
          </p>
        )}
      </fieldset>
      <AmountField name="transfer-amount" value={amount} onChange={setAmount} />
      <MessageBanner error={error} />
      <Button type="submit" className="w-full">
        Transfer
      </Button>
      {confirming && (
        <ConfirmFlow
          title="confirm transfer request"
          details={[
            { label: 'From', value: names[from] },
            { label: 'To', value: names[to] },
            { label: 'Amount', value: entered(amount) },
          ]}
          submit={() => swap.mutateAsync({ amount: ungrouped(amount) ?? amount, from, to })}
          continueTo="/cash"
          onClose={close}
        />
      )}
    </form>
  );
}

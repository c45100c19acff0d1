import { ungrouped } from '@itrust/contracts/money';
import {
  amountRangeHint,
  amountRangeMessage,
  exceedsAvailable,
  limitNames,
  walletRefusals,
} from '@itrust/contracts/wallet-rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useFlash } from '../../../hooks/use-flash';
import type { PaymentMethod } from '@itrust/contracts';
import { useLimits } from '../api/limits';
import { usePaymentMethods, useWithdraw } from '../api/wallet';
import { useWallets } from '../../../lib/queries/wallets';
import { AmountField } from '../../../components/amount-field';
import { ConfirmFlow } from '../../../components/confirm-flow';
import { useStepUp } from '../../../components/step-up-dialog';
import { useAmountRequest } from '../../../hooks/use-amount-request';
import { AddBankForm, AddCryptoForm } from './payment-method-forms';
import { useMoney } from '../../../lib/use-money';

const usableFrom = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function MethodCard({ method }: { method: PaymentMethod }) {
  const rows =
    method.type === 'bank'
      ? [
          ['Account number', method.account_number],
          ['Account name', method.account_name],
          ['Bank name', method.bank_name],
          ['Routing number', method.routing_number],
          ['Address', method.bank_address],
        ]
      : [
          ['Address name', method.label ?? '—'],
          ['Coin', method.currency?.toUpperCase()],
          ['Address', method.wallet_address],
        ];
  return (
    <dl
      className="grid gap-1 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      data-testid="payment-method-card"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium break-all">{value}</dd>
        </div>
      ))}
      {new Date(method.usable_at) > new Date() && (
        <div className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="usable-from">
          <dt className="font-medium">New destination</dt>
          <dd>Withdrawals to it can be made from {usableFrom.format(new Date(method.usable_at))}.</dd>
        </div>
      )}
    </dl>
  );
}

/** Withdraw to a saved bank account or crypto address; the amount is reserved until it is paid out. */
export function WithdrawForm() {
  const [kind, setKind] = useState<'crypto' | 'bank'>('bank');
  const [adding, setAdding] = useState(false);
  const methods = usePaymentMethods(kind);
  const wallets = useWallets();
  const limits = useLimits();
  const withdraw = useWithdraw();
  // A destination added in the last day needs a fresh second step: the dialog asks for it over the confirmation.
  const stepUp = useStepUp();
  const saved = useFlash();
  const { entered } = useMoney();
  const method = methods.data?.[0];
  const noMethod =
    kind === 'bank'
      ? 'Add your bank details to request withdrawal'
      : 'Add a crypto wallet address to request withdrawal';
  // The form closes on saving; its notice stays where the saved details show.
  const onSaved = (message: string) => {
    setAdding(false);
    saved.show(message);
  };

  const range = limits.data?.withdrawal;
  const { amount, setAmount, confirming, error, request, close } = useAmountRequest((amount, value) => {
    if (!method) return noMethod;
    if (amount.trim() === '' || value.lte(0)) return 'Invalid amount!';
    // The server's limit, checked here first so that a refusal does not wait for the confirmation.
    if (range && (value.lt(range[0]) || value.gt(range[1])))
      return amountRangeMessage(limitNames.withdrawal, range, entered);
    return exceedsAvailable(amount, wallets.data?.cash.available) ? walletRefusals.insufficient : null;
  });

  return (
    <div className="space-y-4">
      <fieldset className="flex items-center gap-3 text-sm">
        <legend className="mb-2 font-medium text-slate-800">Withdraw to:</legend>
        {(['crypto', 'bank'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name="withdraw-to"
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setAdding(false);
              }}
              className="accent-brand-700"
            />
            {option === 'crypto' ? 'coin' : 'bank'}
          </label>
        ))}
      </fieldset>
      {methods.isPending && <p className="text-sm text-slate-600">Loading your saved details…</p>}
      {(methods.isError || wallets.isError) && (
        <MessageBanner error={methods.error?.message ?? wallets.error?.message} />
      )}
      {methods.isSuccess && !method && !adding && (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">{noMethod}</p>
      )}
      <MessageBanner success={saved.message} />
      {method && !adding && <MethodCard method={method} />}
      <Button variant="ghost" onClick={() => setAdding(!adding)}>
        {adding
          ? 'Close the form'
          : method
            ? 'Edit details'
            : kind === 'bank'
              ? 'Add bank details'
              : 'Add a crypto address'}
      </Button>
      {adding && (kind === 'bank' ? <AddBankForm onSaved={onSaved} /> : <AddCryptoForm onSaved={onSaved} />)}
      <form onSubmit={request} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          Cash available: <span className="font-semibold tabular-nums">{entered(wallets.data?.cash.available)}</span>
        </p>
        <AmountField
          name="withdraw-amount"
          value={amount}
          onChange={setAmount}
          hint={range && amountRangeHint(range, entered)}
        />
        <MessageBanner error={error} />
        <Button type="submit" className="w-full">
          Withdraw
        </Button>
      </form>
      {confirming && method && (
        <ConfirmFlow
          title="confirm withdrawal request"
          details={[
            {
              label: 'Method',
              value: method.type === 'bank' ? 'Bank transfer' : (method.currency ?? 'crypto').toUpperCase(),
            },
            { label: 'Amount', value: entered(amount) },
            { label: 'Account', value: 'cash' },
            {
              label: method.type === 'bank' ? 'Bank' : 'Address',
              value:
                (method.type === 'bank'
                  ? `${method.bank_name ?? ''} ${method.account_number ?? ''}`
                  : method.wallet_address) ?? '',
            },
          ]}
          submit={() =>
            stepUp.guarded(() =>
              withdraw.mutateAsync({
                amount: ungrouped(amount) ?? amount,
                payment_method_id: method.id,
                mode: method.type,
              }),
            )
          }
          continueTo="/cash"
          onClose={close}
        />
      )}
      {stepUp.dialog}
    </div>
  );
}

import { parseNumber, ungrouped } from '@itrust/contracts/format';
import {
  amountRangeHint,
  amountRangeMessage,
  exceedsAvailable,
  limitNames,
  walletRefusals,
} from '@itrust/contracts/wallet-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import type { PaymentMethod } from '@itrust/contracts';
import { useLimits } from '../api/limits';
import { usePaymentMethods, useWithdraw } from '../api/wallet';
import { useWallets } from '../../../lib/queries/wallets';
import { ConfirmFlow } from '../../../components/confirm-flow';
import { AddBankForm, AddCryptoForm } from './payment-method-forms';
import { useMoney } from '../../../lib/use-money';

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
    </dl>
  );
}

/** Withdraw to a saved bank account or crypto address; the amount is reserved until it is paid out. */
export function WithdrawForm() {
  const [kind, setKind] = useState<'crypto' | 'bank'>('bank');
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const methods = usePaymentMethods(kind);
  const wallets = useWallets();
  const limits = useLimits();
  const withdraw = useWithdraw();
  const error = useFlash();
  const saved = useFlash();
  const { entered, settlement } = useMoney();
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

  const request = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!method) {
      error.show(noMethod);
      return;
    }
    const value = parseNumber(amount);
    if (amount.trim() === '' || value <= 0) {
      error.show('Invalid amount!');
      return;
    }
    // The server's limit, checked here first so that a refusal does not wait for the confirmation.
    const range = limits.data?.withdrawal;
    if (range && (value < range[0] || value > range[1])) {
      error.show(amountRangeMessage(limitNames.withdrawal, range, entered));
      return;
    }
    if (exceedsAvailable(amount, wallets.data?.cash.available)) {
      error.show(walletRefusals.insufficient);
      return;
    }
    setConfirming(true);
  };

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
        <TextField
          label={`Amount (${settlement.code})`}
          name="withdraw-amount"
          inputMode="decimal"
          placeholder={`${settlement.sign}0`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={limits.data ? amountRangeHint(limits.data.withdrawal, entered) : undefined}
        />
        <MessageBanner error={error.message} />
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
            { label: 'Amount', value: entered(parseNumber(amount)) },
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
            withdraw.mutateAsync({
              amount: ungrouped(amount) ?? amount,
              payment_method_id: method.id,
              mode: method.type,
            })
          }
          continueTo="/cash"
          onClose={() => {
            setConfirming(false);
            setAmount('');
          }}
        />
      )}
    </div>
  );
}

import { ungrouped } from '@itrust/contracts/money';
import {
  amountRangeHint,
  amountRangeMessage,
  depositCoins,
  limitNames,
  type DepositCoin,
} from '@itrust/contracts/wallet-rules';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { usePlatformSettings } from '../../../lib/queries/reference';
import { useCoinConversion } from '../api/coin-price';
import { useLimits } from '../api/limits';
import { useDeposit } from '../api/wallet';
import { AmountField } from '../../../components/amount-field';
import { ConfirmFlow } from '../../../components/confirm-flow';
import { useAmountRequest } from '../../../hooks/use-amount-request';
import { CopyField } from './copy-field';
import { useMoney } from '../../../lib/use-money';

// Where each listed coin's platform address is set, and its market symbol for the QR code's amount.
const coinDetails = {
  btc: { setting: 'btc_wallet', symbol: 'BTC' },
  eth: { setting: 'eth_wallet', symbol: 'ETH' },
  'usdt(ERC20)': { setting: 'erc_wallet', symbol: null },
  'usdt(TRC20)': { setting: 'trc_wallet', symbol: null },
} as const satisfies Record<DepositCoin, { setting: string; symbol: string | null }>;

const limitOf = (mode: 'crypto' | 'bank') => (mode === 'crypto' ? 'crypto_deposit' : 'bank_deposit');

/** Deposit by crypto (address, QR code) or bank wire (copyable details); the money counts once it arrives. */
export function DepositForm() {
  const [mode, setMode] = useState<'crypto' | 'bank'>('crypto');
  const [coinId, setCoinId] = useState<DepositCoin>('btc');
  const settings = usePlatformSettings();
  const limits = useLimits();
  const deposit = useDeposit();
  const { entered, settlement } = useMoney();
  const coin = { ...(depositCoins.find((listed) => listed.id === coinId) ?? depositCoins[0]), ...coinDetails[coinId] };
  const { coinsFor } = useCoinConversion(coin.symbol, settlement.code);
  const address = settings.data?.[coin.setting] ?? '';
  const range = limits.data?.[limitOf(mode)];
  const { amount, setAmount, confirming, error, request, close } = useAmountRequest((amount, value) => {
    if (amount.trim() === '' || value.lt(1)) return 'Minimum deposit must be greater than 0';
    // The server's limit, checked here first so that a refusal does not wait for the confirmation.
    if (range && (value.lt(range[0]) || value.gt(range[1]))) {
      return amountRangeMessage(limitNames[limitOf(mode)], range, entered);
    }
    return null;
  });
  const coinAmount = coinsFor(amount);
  // A wallet app reads BTC in coins, ETH in wei; the amount asked for stops at a gwei.
  const qrValue =
    coin.symbol === 'BTC' && coinAmount
      ? `bitcoin:${address}?amount=${coinAmount.toFixed(8)}`
      : coin.symbol === 'ETH' && coinAmount
        ? `ethereum:${address}?value=${coinAmount.toDecimalPlaces(9).times('1e18').toFixed(0)}`
        : address;

  return (
    <form onSubmit={request} className="space-y-4" noValidate>
      <SegmentedControl
        label="Deposit method"
        kind="radio"
        options={['crypto', 'bank'] as const}
        value={mode}
        onChange={setMode}
      />
      {settings.isError && <MessageBanner error={settings.error.message} />}
      {mode === 'crypto' ? (
        <>
          <SearchableSelect
            label="Coin"
            options={depositCoins.map(({ id, name }) => ({ id, name }))}
            value={coinId}
            onChange={(id) => setCoinId(id as typeof coinId)}
          />
          {address && <CopyField label={`${coin.name} address`} value={address} />}
          {address && (
            <div
              className="flex justify-center rounded-xl border border-slate-200 bg-white p-4"
              data-testid="deposit-qr"
            >
              <QRCodeSVG
                value={qrValue}
                size={180}
                level="H"
                marginSize={4}
                title={`QR code for the ${coin.name} address`}
              />
            </div>
          )}
          {coinAmount?.isPositive() && !coinAmount.isZero() && (
            <p className="text-center text-xs text-slate-600">
              That is about {coinAmount.toDecimalPlaces(8).toFixed()} {coin.symbol} at the current price.
            </p>
          )}
          <p className="text-xs text-slate-600">
            Crypto deposits usually arrive in under an hour, and at most in 24 hours.
          </p>
        </>
      ) : (
        settings.data && (
          <div className="grid gap-3">
            <CopyField label="Account number" value={settings.data.bank_account_number} />
            <CopyField label="Account name" value={settings.data.bank_account_name} />
            <CopyField label="Reference" value={settings.data.bank_reference} />
            <CopyField label="Bank name" value={settings.data.bank_name} />
            <CopyField label="Bank code/Routing number" value={settings.data.bank_routing_number} />
            <CopyField label="Address" value={settings.data.bank_address} />
            <p className="text-xs text-slate-600">Bank deposits take 2 - 14 business days.</p>
          </div>
        )
      )}
      <AmountField name="amount" value={amount} onChange={setAmount} hint={range && amountRangeHint(range, entered)} />
      {settings.data && (
        <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
          Once you have paid, send proof of payment to {settings.data.payments_email} so we can match it quickly.
        </p>
      )}
      <MessageBanner error={error} />
      <Button type="submit" className="w-full">
        I have made payment
      </Button>
      {confirming && (
        <ConfirmFlow
          title="confirm deposit request"
          details={[
            { label: 'Method', value: mode === 'crypto' ? coin.name : 'Bank wire' },
            { label: 'Amount', value: entered(amount) },
            { label: 'Account', value: 'cash' },
            {
              label: mode === 'crypto' ? 'Address' : 'Bank',
              value: mode === 'crypto' ? address : (settings.data?.bank_name ?? ''),
            },
          ]}
          submit={() =>
            deposit.mutateAsync({
              amount: ungrouped(amount) ?? amount,
              mode,
              ...(mode === 'crypto' ? { coin: coin.id } : {}),
            })
          }
          continueTo="/cash"
          onClose={close}
        />
      )}
    </form>
  );
}

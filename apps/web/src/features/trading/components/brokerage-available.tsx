import { formatMoney } from '@itrust/contracts/format';
import { useWallets } from '../../cash/api/wallet';

/** The brokerage wallet's available balance, the only wallet that trades. */
export function BrokerageAvailable({ sign }: { sign: string }) {
  const wallets = useWallets();
  return (
    <p className="text-sm text-slate-700">
      Available:{' '}
      <span className="font-semibold tabular-nums" data-testid="brokerage-available">
        {wallets.isPending
          ? '…'
          : wallets.isError
            ? 'unavailable'
            : formatMoney(wallets.data.brokerage.available, sign)}
      </span>
    </p>
  );
}

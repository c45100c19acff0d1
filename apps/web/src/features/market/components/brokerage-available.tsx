import { useWallets } from '../../../lib/queries/wallets';
import { useMoney } from '../../../lib/use-money';

/** The brokerage wallet's available balance, the only wallet that trades, in the currency a trade's amount is typed in. */
export function BrokerageAvailable() {
  const wallets = useWallets();
  const { entered } = useMoney();
  return (
    <p className="text-sm text-slate-700">
      Available:{' '}
      <span className="font-semibold tabular-nums" data-testid="brokerage-available">
        {wallets.isPending ? '…' : wallets.isError ? 'unavailable' : entered(wallets.data.brokerage.available)}
      </span>
    </p>
  );
}

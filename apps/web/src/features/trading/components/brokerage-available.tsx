import { formatMoney } from '@itrust/contracts/format';
import { useWallets } from '../../cash/api/wallet';

/** The brokerage wallet's available balance, the only wallet that trades. */
export function BrokerageAvailable({ sign, testId }: { sign: string; testId?: string }) {
  const wallets = useWallets();
  return (
    <p className="text-sm text-slate-700">
      Available:{' '}
      <span className="font-semibold tabular-nums" data-testid={testId}>
        {wallets.isPending ? '…' : formatMoney(wallets.data?.brokerage.available, sign)}
      </span>
    </p>
  );
}

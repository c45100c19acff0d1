import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useMoney } from '../../../lib/use-money';
import { useHoldings } from '../api/trading';
import { assetPath } from './asset-name';

/** Holdings: each asset's value and total return, its bar as wide as the return's size (at most 100%). */
export function Holdings({ approved }: { approved: boolean }) {
  const positions = useHoldings(approved);
  const { money } = useMoney();
  const holdings = positions.data ?? [];
  return (
    <Card id="holdings" title="Holdings">
      {approved && positions.isPending && <p className="mt-3 text-sm text-slate-600">Loading your holdings…</p>}
      {positions.isError && <MessageBanner error={positions.error.message} />}
      {(!approved || (positions.isSuccess && holdings.length === 0)) && (
        <p className="mt-3 text-slate-600">You have no Holdings</p>
      )}
      <ul className="mt-3 space-y-4" data-testid="holdings">
        {holdings.map(({ asset: holding, value, pl_percentage }) => {
          const percent = Number(pl_percentage);
          const width = Math.min(Math.abs(percent), 100);
          return (
            <li key={holding.symbol} className="text-sm" data-testid="holding">
              <div className="flex items-baseline justify-between gap-3">
                <Link to={assetPath(holding)} className="font-medium text-slate-900 hover:underline">
                  {holding.name} <span className="text-xs text-slate-600">{holding.symbol}</span>
                </Link>
                <span className="shrink-0 whitespace-nowrap tabular-nums">
                  {money(value)}{' '}
                  <span className={percent < 0 ? 'text-red-700' : 'text-emerald-700'}>
                    {percent >= 0 ? '+' : ''}
                    {pl_percentage}%
                  </span>
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={`h-2 rounded-full ${percent < 0 ? 'bg-red-500' : 'bg-emerald-500'}`}
                  style={{ width: `${width}%` }}
                  data-testid="holding-bar"
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

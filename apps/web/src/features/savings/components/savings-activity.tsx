import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { historyDate } from '../../../lib/transaction-labels';
import { useMoney } from '../../../lib/use-money';
import { useSavingsHistory } from '../api/savings';

export function SavingsActivity() {
  const history = useSavingsHistory(1, 5);
  const { money } = useMoney();
  return (
    <Card title="Recent activity">
      {history.isPending && <p className="mt-3 text-sm text-slate-600">Loading…</p>}
      {history.isError && <MessageBanner error={history.error.message} />}
      {history.data?.data.length === 0 && <p className="mt-3 text-sm text-slate-600">No contributions yet.</p>}
      <ul className="mt-3 divide-y divide-slate-100">
        {history.data?.data.map((row) => (
          <li key={row.id} className="flex items-center justify-between gap-3 py-2.5 text-sm" data-testid="savings-row">
            <span>
              <span className="font-semibold text-slate-900">
                {row.method === 'contribution' ? 'Contribution' : 'Cash-out'}
              </span>{' '}
              <span className="text-slate-600">· {row.savings.savings_account.name}</span>
              <span className="block text-xs text-slate-500">{historyDate(row.created_at)}</span>
            </span>
            <span
              className={`font-semibold tabular-nums ${row.method === 'contribution' ? 'text-emerald-700' : 'text-slate-900'}`}
            >
              {row.method === 'contribution' ? '+' : '−'}
              {money(row.amount)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

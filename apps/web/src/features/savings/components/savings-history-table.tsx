import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TableHead } from '../../../components/ui/table-head';
import type { Period } from '../../../lib/period';
import { historyDate } from '../../../lib/transaction-labels';
import { useMoney } from '../../../lib/use-money';
import { useSavingsHistory } from '../api/savings';

export function SavingsHistoryTable({ perPage, period }: { perPage: number; period: Period }) {
  const [page, setPage] = useState(1);
  const history = useSavingsHistory(page, perPage, period);
  const { money } = useMoney();
  const rows = history.data?.data ?? [];
  const lastPage = history.data?.last_page ?? 1;
  return (
    <Card title="Savings history" busy={history.isPlaceholderData}>
      {history.isPending && <p className="mt-3 text-slate-600">Loading your savings history…</p>}
      {history.isError && <MessageBanner error={history.error.message} />}
      {history.isSuccess && rows.length === 0 && <p className="mt-3 text-slate-600">You have no savings history</p>}
      {rows.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="savings-history">
            <TableHead columns={['Account', 'Method', 'Amount', 'Date']} uppercase />
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="py-2 font-medium text-slate-900">{row.savings.savings_account.name}</td>
                  <td>{row.method === 'contribution' ? 'Contribution' : 'Cash-out'}</td>
                  <td className="tabular-nums">{money(row.amount)}</td>
                  <td className="text-slate-700">{historyDate(row.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Savings history pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
        <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <span className="text-slate-700">
          Page {page} of {lastPage} · {perPage} / page
        </span>
        <Button variant="secondary" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </nav>
    </Card>
  );
}

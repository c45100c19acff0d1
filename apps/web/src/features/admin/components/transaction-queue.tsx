import { formatMoneyIn } from '@itrust/contracts/format';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useTransactionQueue } from '../api/admin';
import { DecisionButtons } from './decision-buttons';

/** Pending deposits (confirm the money arrived) or withdrawals (confirm the payout). */
export function TransactionQueue({ type }: { type: 'credit' | 'debit' }) {
  const queue = useTransactionQueue(type);
  if (queue.isPending) return <p className="text-slate-600">Loading…</p>;
  if (queue.isError) return <MessageBanner error={queue.error.message} />;
  if (queue.data.data.length === 0) return <p className="text-slate-600">Nothing is waiting.</p>;
  return (
    <ul className="space-y-4">
      {queue.data.data.map((row) => (
        <li
          key={row.id}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="transaction-case"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold wrap-anywhere text-slate-900">
              {formatMoneyIn(row.amount, row.currency)} {row.currency} · {row.user.name} ({row.user.email})
            </p>
            <p className="font-mono text-sm text-slate-700">{row.reference}</p>
          </div>
          <p className="mt-1 text-sm wrap-anywhere text-slate-600">
            {type === 'credit'
              ? `${row.mode === 'crypto' ? `Crypto (${row.coin ?? 'coin'})` : 'Bank wire'} · asked ${new Date(row.created_at).toLocaleString('en-US')}`
              : row.payment_method?.type === 'crypto'
                ? `To ${row.payment_method.currency?.toUpperCase() ?? ''} address ${row.payment_method.wallet_address ?? ''}`
                : `To ${row.payment_method?.account_name ?? ''}, ${row.payment_method?.bank_name ?? ''} ${row.payment_method?.account_number ?? ''} (${row.payment_method?.routing_number ?? ''})`}
          </p>
          <div className="mt-4">
            <DecisionButtons
              approvePath={`/admin/transactions/${row.id}/approve`}
              declinePath={`/admin/transactions/${row.id}/decline`}
              subject={type === 'credit' ? 'Deposit' : 'Withdrawal'}
              askPayoutReference={type === 'debit'}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { Transaction } from '@itrust/contracts';

/** The labels a transaction's type and status show in the wallet history. */
const typeLabels: Record<string, string> = {
  credit: 'Deposit',
  debit: 'Payout',
  transfer: 'Transfer',
  interest: 'Interest',
  dividend: 'Dividend',
};
const statusLabels: Record<string, string> = {
  approved: 'Completed',
  cancelled: 'Cancelled',
  pending: 'Pending',
  in_progress: 'In progress',
};

export const typeLabel = (type: Transaction['type']) => typeLabels[type] ?? 'Interest';
export const statusLabel = (status: string) => statusLabels[status] ?? status;

export const statusClass = (status: string) =>
  status === 'approved'
    ? 'bg-emerald-100 text-emerald-800'
    : status === 'pending'
      ? 'bg-amber-100 text-amber-900'
      : 'bg-red-100 text-red-800';

export const historyDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(new Date(iso));

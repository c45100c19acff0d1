import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { useToast } from '../../../components/ui/toast';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { ApiError } from '../../../lib/api-client';
import type { Period } from '../../../lib/period';
import type { Transaction } from '@itrust/contracts';
import { useCancelTransaction, useTransactions, type TransactionSort } from '../api/wallet';
import { historyDate, statusClass, statusLabel, typeLabel } from '../../../lib/transaction-labels';
import { useMoney } from '../../../lib/use-money';

const columns: { sort: TransactionSort; label: string; desktopOnly: boolean }[] = [
  { sort: 'type', label: 'Type', desktopOnly: false },
  { sort: 'amount', label: 'Amount', desktopOnly: false },
  { sort: 'created_at', label: 'Date', desktopOnly: true },
  { sort: 'status', label: 'Status', desktopOnly: false },
];

type TransactionHistoryProps = { perPage?: number; period?: Period };

/** The wallet history: 10 a page, sortable columns, a page input, and a cancel action on pending rows. */
export function TransactionHistory({ perPage = 10, period }: TransactionHistoryProps) {
  const isDesktop = useIsDesktop();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ column: TransactionSort | null; descending: boolean }>({
    column: null,
    descending: false,
  });
  const history = useTransactions({ page, perPage, sort: sort.column, descending: sort.descending, period });
  const cancel = useCancelTransaction();
  const toast = useToast();
  const { money } = useMoney();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const lastPage = history.data?.last_page ?? 1;

  const sortBy = (column: TransactionSort) =>
    setSort((current) => ({ column, descending: current.column === column ? !current.descending : false }));
  const cancelRow = async (transaction: Transaction) => {
    setOpenMenu(null);
    // The menu closes and, once cancelled, the row has no menu button left to take the focus.
    title.current?.focus();
    try {
      await cancel.mutateAsync(transaction);
      toast.success('Transaction cancelled');
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : 'An error occurred.');
    }
  };

  return (
    <section
      aria-labelledby="history-title"
      aria-busy={history.isPlaceholderData}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm transition-opacity aria-busy:opacity-70"
    >
      <LoadingOverlay caption={cancel.isPending ? 'Wait...' : null} />
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-5">
        <h2
          id="history-title"
          ref={title}
          tabIndex={-1}
          className="text-lg font-semibold text-brand-900 first-letter:uppercase"
        >
          transaction history
        </h2>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">wallet history</span>
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-y border-slate-200 bg-slate-50 text-left text-xs text-slate-600 uppercase">
            <tr>
              {columns
                .filter((column) => isDesktop || !column.desktopOnly)
                .map((column) => (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={sort.column === column.sort ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                    className="px-4 py-2"
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(column.sort)}
                      className="inline-flex items-center gap-1 font-semibold uppercase"
                    >
                      {column.label}
                      <span aria-hidden="true">
                        {sort.column === column.sort ? (sort.descending ? '↓' : '↑') : '↕'}
                      </span>
                    </button>
                  </th>
                ))}
              {isDesktop && (
                <th scope="col" className="px-4 py-2">
                  Action
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {history.isSuccess && history.data.data.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
                  You have no transactions.
                </td>
              </tr>
            )}
            {history.isError && (
              <tr>
                <td colSpan={5} role="alert" className="px-4 py-8 text-center text-red-700">
                  {history.error.message}
                </td>
              </tr>
            )}
            {history.data?.data.map((transaction) => {
              const actions = transaction.status === 'pending' && (
                <RowActions
                  transaction={transaction}
                  open={openMenu === transaction.id}
                  onToggle={setOpenMenu}
                  onCancel={cancelRow}
                />
              );
              return (
                <tr key={transaction.id} className="border-b border-slate-100" data-testid="transaction-row">
                  <td className="px-4 py-3 font-medium">{typeLabel(transaction.type)}</td>
                  <td className="px-4 py-3 tabular-nums">{money(transaction.amount)}</td>
                  {isDesktop && <td className="px-4 py-3 text-slate-700">{historyDate(transaction.created_at)}</td>}
                  <td className="relative px-4 py-3">
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${statusClass(transaction.status)}`}
                    >
                      {statusLabel(transaction.status)}
                    </span>
                    {/* A phone has no Action column: a pending row's actions sit beside its status. */}
                    {!isDesktop && actions}
                  </td>
                  {isDesktop && <td className="relative px-4 py-3">{actions}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav aria-label="History pages" className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 text-sm">
        <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <label className="flex items-center gap-2">
          Page
          <input
            type="number"
            min={1}
            max={lastPage}
            value={page}
            onChange={(event) => setPage(Math.min(lastPage, Math.max(1, Number(event.target.value) || 1)))}
            className="w-16 rounded-md border border-slate-300 px-2 py-1"
          />
          of {lastPage}
        </label>
        <span className="text-slate-600">{perPage} / page</span>
        <Button variant="secondary" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </nav>
    </section>
  );
}

type RowActionsProps = {
  transaction: Transaction;
  open: boolean;
  onToggle: (id: string | null) => void;
  onCancel: (transaction: Transaction) => Promise<void>;
};

/** A pending row's Action menu: one 'cancel' item; it takes the focus when opened and gives it back on Escape. */
function RowActions({ transaction, open, onToggle, onCancel }: RowActionsProps) {
  const buttonId = `actions-${transaction.id}`;
  return (
    <>
      <button
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => onToggle(open ? null : transaction.id)}
        className="ml-1 min-h-8 rounded px-2 py-1 font-bold hover:bg-slate-100"
      >
        <span className="sr-only">Actions for this {typeLabel(transaction.type).toLowerCase()}</span>⋯
      </button>
      {open && (
        <div
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            onToggle(null);
            document.getElementById(buttonId)?.focus();
          }}
          className="absolute right-4 z-10 mt-1 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button
            // A menu opened takes the focus to its first item (the ARIA menu pattern).
            autoFocus
            type="button"
            role="menuitem"
            onClick={() => void onCancel(transaction)}
            className="block w-full px-4 py-2 text-left text-red-700 hover:bg-red-50"
          >
            cancel
          </button>
        </div>
      )}
    </>
  );
}

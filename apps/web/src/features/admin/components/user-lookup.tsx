import { formatMoney, formatMoneyIn } from '@itrust/contracts/format';
import { useState } from 'react';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useSettledValue } from '../../../hooks/use-settled-value';
import { historyDate, statusClass } from '../../../lib/transaction-labels';
import { minimumSearch, useUserDetail, useUserSearch } from '../api/admin';

export function UserLookup() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const settled = useSettledValue(search.trim(), 250);
  const hits = useUserSearch(settled);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div>
        <TextField
          label="Find an investor by email, username or name"
          name="search"
          type="search"
          hint={`At least ${minimumSearch} characters.`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="mt-3" aria-live="polite">
          {settled.length >= minimumSearch && hits.isPending && <p className="text-slate-600">Searching…</p>}
          {hits.isError && <MessageBanner error={hits.error.message} />}
          {hits.isSuccess && hits.data.length === 0 && (
            <p className="text-slate-600">No investor matches “{settled}”.</p>
          )}
        </div>
        {hits.isSuccess && hits.data.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {hits.data.map((hit) => (
              <li key={hit.id}>
                <button
                  type="button"
                  aria-pressed={selected === hit.id}
                  onClick={() => setSelected(hit.id)}
                  className="w-full px-4 py-2 text-left hover:bg-slate-50 aria-pressed:bg-brand-50"
                >
                  <span className="font-medium">{hit.name}</span>{' '}
                  <span className="text-sm text-slate-600">
                    {hit.email} · {hit.kyc}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {selected && <InvestorDetail id={selected} />}
    </div>
  );
}

const typeLabels: Record<string, string> = { credit: 'Deposit', debit: 'Withdrawal', transfer: 'Transfer' };

function InvestorDetail({ id }: { id: string }) {
  const detail = useUserDetail(id);
  if (detail.isPending) return <p className="text-slate-600">Loading the investor…</p>;
  if (detail.isError) return <MessageBanner error={detail.error.message} />;
  const investor = detail.data;
  // The wallets are held, and shown to operators, in the settlement currency.
  const { sign } = investor.settlement_currency;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Investor">
      <h2 className="font-semibold">
        {investor.first_name} {investor.last_name}
      </h2>
      <p className="text-sm text-slate-600">
        {investor.email} · identity {investor.kyc}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {Object.entries(investor.wallet).map(([kind, figures]) => (
          <div key={kind}>
            <dt className="text-slate-600 capitalize">{kind}</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(figures.balance, sign)}</dd>
            {figures.available !== figures.balance && (
              <dd className="text-xs text-slate-600 tabular-nums">available {formatMoney(figures.available, sign)}</dd>
            )}
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">Latest transactions</h3>
      {investor.transactions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No transactions yet.</p>
      ) : (
        <div className="mt-1">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                {/* On a phone the date goes under the type, so the four columns fit without scrolling. */}
                <th className="hidden py-1 font-medium sm:table-cell">Date</th>
                <th className="font-medium">Type</th>
                <th className="text-right font-medium">Amount</th>
                <th className="pl-3 font-medium">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {investor.transactions.map((row) => (
                <tr key={row.id}>
                  <td className="hidden py-1 pr-3 whitespace-nowrap sm:table-cell">{historyDate(row.created_at)}</td>
                  <td className="py-1 pr-3">
                    {typeLabels[row.type] ?? row.type}
                    <span className="block text-xs whitespace-nowrap text-slate-600 sm:hidden">
                      {historyDate(row.created_at)}
                    </span>
                  </td>
                  <td className="text-right whitespace-nowrap tabular-nums">
                    {formatMoneyIn(row.amount, row.currency)}
                  </td>
                  <td className="pl-3">
                    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusClass(row.status)}`}>
                      {row.status}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

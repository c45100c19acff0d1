import { formatMoney } from '@itrust/contracts/format';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { useUserDetail, useUserSearch } from '../api/admin';

export function UserLookup() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const hits = useUserSearch(search);
  const detail = useUserDetail(selected);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div>
        <TextField
          label="Find an investor by email, username or name"
          name="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {hits.data?.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                onClick={() => setSelected(hit.id)}
                className="w-full px-4 py-2 text-left hover:bg-slate-50"
              >
                <span className="font-medium">{hit.name}</span>{' '}
                <span className="text-sm text-slate-600">
                  {hit.email} · {hit.kyc}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {detail.data && (
        <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Investor">
          <h2 className="font-semibold">
            {detail.data.first_name} {detail.data.last_name}
          </h2>
          <p className="text-sm text-slate-600">
            {detail.data.email} · identity {detail.data.kyc}
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            {Object.entries(detail.data.wallet).map(([kind, figures]) => (
              <div key={kind}>
                <dt className="text-slate-600 capitalize">{kind}</dt>
                <dd className="font-semibold">{formatMoney(figures.balance, detail.data.currency.sign)}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-3 text-sm">
            {detail.data.transactions.map((row) => (
              <li key={row.id}>
                {row.type} {row.amount} {row.currency} · {row.status}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

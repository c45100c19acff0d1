import type { AuditEntry } from '@itrust/contracts';
import { useState } from 'react';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Pager } from '../../../components/ui/pager';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useAudit } from '../api/admin';

const when = (iso: string) => new Date(iso).toLocaleString('en-US');
const columns = ['When', 'Action', 'Object', 'Before → after', 'From'];
const change = (entry: AuditEntry) => `${JSON.stringify(entry.before)} → ${JSON.stringify(entry.after)}`;

export function AuditLog() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const isDesktop = useIsDesktop();
  if (audit.isPending) return <p className="text-slate-600">Loading…</p>;
  if (audit.isError) return <MessageBanner error={audit.error.message} />;
  if (audit.data.total === 0) return <p className="text-slate-600">Nothing in the audit log yet.</p>;
  return (
    <section
      aria-label="Audit log"
      aria-busy={audit.isPlaceholderData}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white transition-opacity aria-busy:opacity-70"
    >
      {!isDesktop ? (
        // A phone has no room for five columns: each entry is a card, its long values broken to fit.
        <ul className="divide-y divide-slate-100 text-sm">
          {audit.data.data.map((entry) => (
            <li key={entry.id} className="px-4 py-3">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium">{entry.action}</span>
                <span className="text-xs text-slate-600">{entry.client_address}</span>
              </div>
              <p className="text-xs text-slate-600">{when(entry.created_at)}</p>
              <p className="mt-1 font-mono text-xs break-all">
                {entry.object_type} {entry.object_id}
              </p>
              <p className="mt-1 font-mono text-xs break-all">{change(entry)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audit.data.data.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-100">
                  <td className="px-4 py-2 whitespace-nowrap">{when(entry.created_at)}</td>
                  <td className="px-4 py-2 font-medium">{entry.action}</td>
                  <td className="px-4 py-2 font-mono text-xs">
                    {entry.object_type} {entry.object_id}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">{change(entry)}</td>
                  <td className="px-4 py-2">{entry.client_address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="px-4 pb-3">
        <Pager
          summary={`${audit.data.total} ${audit.data.total === 1 ? 'entry' : 'entries'}`}
          page={page}
          lastPage={audit.data.last_page}
          onPage={setPage}
        />
      </div>
    </section>
  );
}

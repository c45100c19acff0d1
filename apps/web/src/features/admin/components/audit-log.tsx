import { useState } from 'react';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Pager } from '../../../components/ui/pager';
import { useAudit } from '../api/admin';

/** Every operator decision, newest first, 25 a page. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  if (audit.isPending) return <p className="text-slate-600">Loading…</p>;
  if (audit.isError) return <MessageBanner error={audit.error.message} />;
  if (audit.data.total === 0) return <p className="text-slate-600">Nothing in the audit log yet.</p>;
  return (
    <section
      aria-label="Audit log"
      aria-busy={audit.isPlaceholderData}
      className="rounded-2xl border border-slate-200 bg-white transition-opacity aria-busy:opacity-70"
    >
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                When
              </th>
              <th scope="col" className="px-4 py-2">
                Action
              </th>
              <th scope="col" className="px-4 py-2">
                Object
              </th>
              <th scope="col" className="px-4 py-2">
                Before → after
              </th>
              <th scope="col" className="px-4 py-2">
                From
              </th>
            </tr>
          </thead>
          <tbody>
            {audit.data.data.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100" data-testid="audit-entry">
                <td className="px-4 py-2 whitespace-nowrap">{new Date(entry.created_at).toLocaleString('en-US')}</td>
                <td className="px-4 py-2 font-medium">{entry.action}</td>
                <td className="px-4 py-2 font-mono text-xs">
                  {entry.object_type} {entry.object_id}
                </td>
                <td className="px-4 py-2 font-mono text-xs">
                  {JSON.stringify(entry.before)} → {JSON.stringify(entry.after)}
                </td>
                <td className="px-4 py-2">{entry.client_address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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

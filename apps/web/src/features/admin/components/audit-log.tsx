import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useAudit } from '../api/admin';

export function AuditLog() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  if (audit.isError) return <MessageBanner error={audit.error.message} />;
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
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
          {audit.data?.data.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-100">
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
      {audit.data && (
        <div className="flex justify-between px-4 py-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={page >= audit.data.last_page} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}

import type { AuditActorKind, AuditEntry } from '@itrust/contracts';
import { useState } from 'react';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Pager } from '../../../components/ui/pager';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useAudit } from '../api/admin';

const when = (iso: string) => new Date(iso).toLocaleString('en-US');
const columns = ['When', 'By', 'Action', 'Object', 'Before → after', 'From'];
const change = (entry: AuditEntry) => `${JSON.stringify(entry.before)} → ${JSON.stringify(entry.after)}`;

type Shown = 'all' | AuditActorKind;
const shownLabels: Record<Shown, string> = { all: 'Everyone', operator: 'Operators', user: 'Account holders' };
const actorLabels: Record<AuditActorKind, string> = { operator: 'Operator', user: 'Account holder' };
const emptyMessages: Record<Shown, string> = {
  all: 'Nothing in the audit log yet.',
  operator: 'No operator actions in the audit log yet.',
  user: 'No account holder changes in the audit log yet.',
};

/** Who made the change: an operator at the console, or account holders on their own account, never confused. */
function Actor({ entry }: { entry: AuditEntry }) {
  const operator = entry.actor_kind === 'operator';
  return (
    <span className="flex min-w-0 flex-col items-start gap-0.5">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
          operator ? 'bg-brand-800 text-white' : 'bg-amber-100 text-amber-900'
        }`}
      >
        {actorLabels[entry.actor_kind]}
      </span>
      <span className="text-xs break-all text-slate-700">{entry.actor_email}</span>
    </span>
  );
}

export function AuditLog() {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Shown>('all');
  const audit = useAudit(page, shown === 'all' ? undefined : shown);
  const isDesktop = useIsDesktop();
  const show = (next: Shown) => {
    setShown(next);
    setPage(1);
  };

  let body;
  if (audit.isPending) body = <p className="text-slate-600">Loading…</p>;
  else if (audit.isError) body = <MessageBanner error={audit.error.message} />;
  else if (audit.data.total === 0) body = <p className="text-slate-600">{emptyMessages[shown]}</p>;
  else
    body = (
      <section
        aria-label="Audit log"
        aria-busy={audit.isPlaceholderData}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white transition-opacity aria-busy:opacity-70"
      >
        {!isDesktop ? (
          // A phone has no room for six columns: each entry is a card, its long values broken to fit.
          <ul className="divide-y divide-slate-100 text-sm">
            {audit.data.data.map((entry) => (
              <li key={entry.id} className="space-y-1 px-4 py-3">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-medium break-all">{entry.action}</span>
                  <span className="text-xs text-slate-600">{entry.client_address}</span>
                </div>
                <Actor entry={entry} />
                <p className="text-xs text-slate-600">{when(entry.created_at)}</p>
                <p className="font-mono text-xs break-all">
                  {entry.object_type} {entry.object_id}
                </p>
                <p className="font-mono text-xs break-all">{change(entry)}</p>
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
                  <tr key={entry.id} className="border-t border-slate-100 align-top">
                    <td className="px-4 py-2 whitespace-nowrap">{when(entry.created_at)}</td>
                    <td className="px-4 py-2">
                      <Actor entry={entry} />
                    </td>
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

  return (
    <div className="space-y-4">
      <SegmentedControl
        label="Changes made by"
        kind="radio"
        options={['all', 'operator', 'user'] as const}
        value={shown}
        onChange={show}
        optionLabel={(option) => shownLabels[option]}
        wrap
      />
      {body}
    </div>
  );
}

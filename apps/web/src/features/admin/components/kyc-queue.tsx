import type { KycCase } from '@itrust/contracts';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentImage, useKycQueue } from '../api/admin';
import { DecisionButtons } from './decision-buttons';

function DocumentImage({ url, label }: { url: string; label: string }) {
  const image = useDocumentImage(url);
  if (image.isError) return <p className="text-sm text-red-700">{image.error.message}</p>;
  return image.data ? (
    <img src={image.data} alt={label} className="max-h-56 w-full rounded-lg border border-slate-200 object-contain" />
  ) : (
    <div className="h-40 animate-pulse rounded-lg bg-slate-100" />
  );
}

function KycCaseCard({ person }: { person: KycCase }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="kyc-case">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {person.first_name} {person.last_name} · {person.email}
        </p>
        <p className="text-sm text-slate-600">
          {person.id_type?.replaceAll('_', ' ')} {person.id_number}
        </p>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {person.documents.map((document) => (
          <figure key={document.id}>
            <DocumentImage
              url={document.url}
              label={`${document.side} of the ID of ${person.first_name} ${person.last_name}`}
            />
            <figcaption className="mt-1 text-xs text-slate-600">
              {document.side === 'front' ? 'Front' : 'Back'}: {document.name}
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="mt-4">
        <DecisionButtons
          approvePath={`/admin/kyc/${person.id}/approve`}
          declinePath={`/admin/kyc/${person.id}/decline`}
          subject="Identity"
        />
      </div>
    </li>
  );
}

export function KycQueue() {
  const queue = useKycQueue();
  if (queue.isPending) return <p className="text-slate-600">Loading…</p>;
  if (queue.isError) return <MessageBanner error={queue.error.message} />;
  if (queue.data.data.length === 0) return <p className="text-slate-600">No identity checks are waiting.</p>;
  return (
    <ul className="space-y-4">
      {queue.data.data.map((person) => (
        <KycCaseCard key={person.id} person={person} />
      ))}
    </ul>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useKycStatus } from '../lib/queries/get-user';

/** The identity notices: a prompt while documents are missing, a note once they are sent. */
export function KycNotices({ pendingText }: { pendingText: string }) {
  const kyc = useKycStatus();
  const [dismissed, setDismissed] = useState(false);
  if (kyc === 'pending' || kyc === 'declined') {
    return (
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        {pendingText}{' '}
        <Link to="/user" className="font-semibold underline">
          Verify now
        </Link>
      </p>
    );
  }
  if (kyc === 'submitted' && !dismissed) {
    return (
      <p
        role="note"
        className="flex items-start justify-between gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
      >
        You&apos;ve submitted your documents for verification, Our team will get back to you shortly!
        <button type="button" aria-label="Dismiss" onClick={() => setDismissed(true)} className="leading-none">
          ✕
        </button>
      </p>
    );
  }
  return null;
}

import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { readStoredUser } from '../../../lib/storage-keys';
import { useUser } from '../../auth/api/get-user';
import { useSignOut } from '../../auth/components/use-sign-out';

const kycLabels: Record<string, string> = {
  pending: 'Not verified yet',
  submitted: 'Documents submitted',
  approved: 'Verified',
  declined: 'Declined: please upload new documents',
};

/** The profile page (/user): who is signed in, the state of their identity check, and sign-out. */
export function AccountRoute() {
  useDocumentTitle('Profile');
  const user = useUser().data ?? readStoredUser();
  const { caption, signOut } = useSignOut();
  if (!user) return null;

  return (
    <section
      aria-labelledby="account-title"
      className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <LoadingOverlay caption={caption} />
      <h1 id="account-title" className="text-2xl font-bold text-brand-900">
        {user.first_name} {user.last_name}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Username</dt>
        <dd className="font-medium">{user.username}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd className="font-medium">{user.email}</dd>
        <dt className="text-slate-600">Identity</dt>
        <dd className="font-medium">{kycLabels[user.kyc] ?? user.kyc}</dd>
      </dl>
      <Button variant="secondary" className="mt-6" onClick={signOut}>
        Log out
      </Button>
    </section>
  );
}

import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUser } from '../../../lib/queries/get-user';
import { needsSecondStep, readAccessToken, readStoredUser, twoFactorPassed } from '../../../lib/storage-keys';
import { useSignOut } from '../../../lib/use-sign-out';
import { AuditLog } from '../components/audit-log';
import { KycQueue } from '../components/kyc-queue';
import { SplitSchedule } from '../components/split-schedule';
import { TransactionQueue } from '../components/transaction-queue';
import { UserLookup } from '../components/user-lookup';

const tabs = [
  { id: 'kyc', label: 'Identity checks' },
  { id: 'deposits', label: 'Deposits' },
  { id: 'withdrawals', label: 'Withdrawals' },
  { id: 'users', label: 'Users' },
  { id: 'splits', label: 'Splits' },
  { id: 'audit', label: 'Audit log' },
] as const;
type Tab = (typeof tabs)[number]['id'];

export function AdminRoute() {
  useDocumentTitle('Operations');
  const [tab, setTab] = useState<Tab>('kyc');
  const { caption, signOut } = useSignOut();
  // The server's answer, once it comes, knows of a passkey or an app set up since the sign-in.
  const user = useUser().data ?? readStoredUser();
  if (!readAccessToken() || !user) return <Navigate to="/" replace />;
  if (needsSecondStep(user)) return <Navigate to="/otp" replace />;
  // An investor's session has no second step to pass here: no code was sent, so say what this page is.
  if (user.role !== 'operator') {
    return (
      <main id="main" className="mx-auto max-w-xl px-6 py-16 text-center">
        <BrandLogo />
        <h1 className="mt-8 text-2xl font-bold text-brand-900">This page is for Itrust operators.</h1>
        <p className="mt-3 text-slate-700">The operator console is not available to investor accounts.</p>
        <Link to="/portfolio" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Back to your portfolio
        </Link>
      </main>
    );
  }
  // Operators always pass the second step, whether or not they switched two-factor on.
  if (!twoFactorPassed()) return <Navigate to="/otp" replace />;
  if (!user.authenticator_at && !user.has_passkey) return <StrongMethodNeeded />;

  return (
    <div className="min-h-screen">
      <LoadingOverlay caption={caption} />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <BrandLogo />
            <span className="rounded-full bg-brand-800 px-3 py-1 text-xs font-semibold text-white">Operations</span>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-slate-700 sm:inline">{user.email}</span>
            <button
              type="button"
              onClick={signOut}
              className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100"
            >
              Log out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="sr-only">Operator console</h1>
        <SegmentedControl
          label="Operator console"
          options={tabs.map((candidate) => candidate.id)}
          value={tab}
          onChange={setTab}
          optionLabel={(id) => tabs.find((candidate) => candidate.id === id)?.label ?? id}
          panelId="admin-panel"
          wrap
          className="mb-6"
        />
        <div role="tabpanel" id="admin-panel" aria-labelledby={`admin-panel-tab-${tab}`}>
          {tab === 'kyc' && <KycQueue />}
          {tab === 'deposits' && <TransactionQueue type="credit" />}
          {tab === 'withdrawals' && <TransactionQueue type="debit" />}
          {tab === 'users' && <UserLookup />}
          {tab === 'splits' && <SplitSchedule />}
          {tab === 'audit' && <AuditLog />}
        </div>
      </main>
    </div>
  );
}

/** The server refuses the console to an operator with only emailed codes; this says what to do. */
function StrongMethodNeeded() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16 text-center">
      <BrandLogo />
      <h1 className="mt-8 text-2xl font-bold text-brand-900">Set up an authenticator app or a passkey first</h1>
      <p className="mt-3 text-slate-700">
        Operators must use an authenticator app or a passkey: set one up in Settings → Security.
      </p>
      <Link to="/security" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Open Settings → Security
      </Link>
    </main>
  );
}

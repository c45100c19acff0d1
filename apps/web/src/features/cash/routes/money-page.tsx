import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DepositForm } from '../components/deposit-form';
import { TransferForm } from '../components/transfer-form';
import { KycNotices } from '../../../components/kyc-notices';
import { WithdrawPanel } from './cash-route';

function MoneyPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-lg space-y-5">
      <Link to="/cash" className="text-sm font-semibold text-brand-700">
        ← Go back
      </Link>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <KycNotices pendingText="Verify your identity to withdraw and to trade." />
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">{children}</section>
    </div>
  );
}

/** The phone pages of the cash area: each form on its own, with a way back to /cash. */
export const DepositRoute = () => (
  <MoneyPage title="Deposit">
    <DepositForm />
  </MoneyPage>
);
export const TransferRoute = () => (
  <MoneyPage title="Transfer">
    <TransferForm />
  </MoneyPage>
);
export const WithdrawRoute = () => (
  <MoneyPage title="Withdraw">
    <WithdrawPanel />
  </MoneyPage>
);

import { useState } from 'react';
import { Link } from 'react-router';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { localKeys } from '../../../lib/storage-keys';
import { useKycStatus } from '../../../lib/queries/get-user';
import { KycNotices } from '../../../components/kyc-notices';
import { DepositForm } from '../components/deposit-form';
import { SettlementNote } from '../components/settlement-note';
import { TransactionHistory } from '../components/transaction-history';
import { TransferForm } from '../components/transfer-form';
import { WalletCard } from '../components/wallet-card';
import { WithdrawForm } from '../components/withdraw-form';

type Tab = 'deposit' | 'transfer' | 'withdraw';
const tabs: Tab[] = ['deposit', 'transfer', 'withdraw'];

export function WithdrawPanel() {
  const kyc = useKycStatus();
  if (!kyc) return <p className="p-4 text-sm text-slate-600">Loading…</p>;
  return kyc === 'approved' ? (
    <WithdrawForm />
  ) : (
    <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      Withdrawals open once your identity is verified.{' '}
      <Link to="/user" className="font-semibold text-brand-700 underline">
        Verify your identity
      </Link>
    </p>
  );
}

export function CashRoute() {
  useDocumentTitle('Cash');
  const isDesktop = useIsDesktop();
  // Once shown, the forms stay mounted and are only hidden below the desktop width, so turning a
  // tablet or resizing the window does not throw away what was typed.
  const [formsMounted, setFormsMounted] = useState(isDesktop);
  if (isDesktop && !formsMounted) setFormsMounted(true);
  const [tab, setTab] = useState<Tab>(() => {
    const stored = localStorage.getItem(localKeys.walletActivePage);
    return tabs.includes(stored as Tab) ? (stored as Tab) : 'deposit';
  });
  const choose = (next: Tab) => {
    localStorage.setItem(localKeys.walletActivePage, next);
    setTab(next);
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-brand-900">Cash</h1>
      <SettlementNote />
      <KycNotices pendingText="Verify your identity to withdraw and to trade." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <WalletCard showLinks={!isDesktop} />
          <TransactionHistory />
        </div>
        {formsMounted && (
          <section
            aria-label="Move money"
            hidden={!isDesktop}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <SegmentedControl
              label="Move money"
              options={tabs}
              value={tab}
              onChange={choose}
              panelId="move-money-panel"
              className="mb-5"
            />
            <div role="tabpanel" id="move-money-panel" aria-labelledby={`move-money-panel-tab-${tab}`}>
              {tab === 'deposit' ? <DepositForm /> : tab === 'transfer' ? <TransferForm /> : <WithdrawPanel />}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}

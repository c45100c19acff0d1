import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { MessageBanner } from '../../components/ui/message-banner';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFlash } from '../../hooks/use-flash';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { apiDownload, ApiError } from '../../lib/api-client';
import { periodParams, type Period } from '../../lib/period';
import { localKeys } from '../../lib/storage-keys';
import { TransactionHistory } from '../../features/cash/components/transaction-history';
import { OrderHistory } from '../../features/market/components/order-history';
import { TradeHistory } from '../../features/market/components/trade-history';
import { PeriodFilter } from '../../components/ui/period-filter';
import { SavingsHistoryTable } from '../../features/savings/components/savings-history-table';

const tabs = ['trade history', 'order history', 'transaction history', 'savings history'] as const;
type Tab = (typeof tabs)[number];
/** The tabs with a period filter and a CSV export; orders are listed newest first, whole. */
const exports: Partial<Record<Tab, string>> = {
  'trade history': '/user/position/history/export',
  'transaction history': '/user/transaction/export',
  'savings history': '/user/savings-accounts/history/export',
};
const perPage = 7;

const storedTab = (): Tab => {
  const stored = localStorage.getItem(localKeys.historyActiveTab);
  return tabs.find((tab) => tab === stored) ?? 'trade history';
};

/** /history: the trade, order, transaction and savings histories, 7 rows a page, filtered by day or month, each exportable as CSV. */
export function HistoryRoute() {
  useDocumentTitle('History');
  const [tab, setTab] = useState<Tab>(storedTab);
  const [period, setPeriod] = useState<Period>({});
  const isDesktop = useIsDesktop();
  const error = useFlash();
  const exported = useFlash();
  const [exporting, setExporting] = useState(false);
  const filterKey = JSON.stringify(period);

  const choose = (next: Tab) => {
    setTab(next);
    localStorage.setItem(localKeys.historyActiveTab, next);
  };
  const download = async () => {
    setExporting(true);
    try {
      const query = periodParams(period).replace(/^&/, '?');
      exported.show(`Downloaded ${await apiDownload(`${exports[tab] ?? ''}${query}`)}.`);
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-brand-900">History</h1>
      <SegmentedControl
        label="History tabs"
        options={tabs}
        value={tab}
        onChange={choose}
        className="max-w-2xl"
        compact={!isDesktop}
      />
      {exports[tab] && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <PeriodFilter period={period} onChange={setPeriod} />
          <Button variant="secondary" onClick={() => void download()} disabled={exporting}>
            {exporting ? 'Preparing…' : 'Export CSV'}
          </Button>
        </div>
      )}
      <MessageBanner error={error.message} success={exported.message} />
      {/* A new filter starts each table again at its first page. */}
      {tab === 'trade history' && <TradeHistory key={filterKey} perPage={perPage} period={period} />}
      {tab === 'order history' && <OrderHistory perPage={perPage} />}
      {tab === 'transaction history' && <TransactionHistory key={filterKey} perPage={perPage} period={period} />}
      {tab === 'savings history' && <SavingsHistoryTable key={filterKey} perPage={perPage} period={period} />}
    </div>
  );
}

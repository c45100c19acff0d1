import { useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { MarketTradeForm } from '../../trading/components/market-trade-form';
import { MarketTable } from '../components/market-table';
import { TopMovers } from '../components/top-movers';
import { SegmentedControl } from '../../../components/ui/segmented-control';

/** /market: the asset list with live prices, the trade form and the top movers; phones switch 'asset' and 'trade'. */
export function MarketRoute() {
  useDocumentTitle('Market');
  const isDesktop = useIsDesktop();
  const [view, setView] = useState<'asset' | 'trade'>('asset');
  return (
    <div className="space-y-6">
      <h1 id="asset" className="text-2xl font-bold text-brand-900">
        Market
      </h1>
      {!isDesktop && (
        <SegmentedControl
          label="Market sections"
          options={['asset', 'trade'] as const}
          value={view}
          onChange={setView}
        />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {(isDesktop || view === 'asset') && <MarketTable />}
        <div className="space-y-6">
          {/* Hidden rather than removed on a phone's other tab: what was typed into it stays. */}
          <div hidden={!isDesktop && view !== 'trade'}>
            <MarketTradeForm />
          </div>
          {(isDesktop || view === 'asset') && <TopMovers />}
        </div>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePositions } from '../api/trading';
import { Holdings } from '../components/holdings';
import { MarketTradeForm } from '../components/market-trade-form';
import { OpenOrders } from '../components/open-orders';
import { PositionList } from '../components/position-list';
import { MarketTable } from '../components/market-table';
import { TopMovers } from '../components/top-movers';
import { SegmentedControl } from '../../../components/ui/segmented-control';

export function MarketRoute() {
  useDocumentTitle('Market');
  const isDesktop = useIsDesktop();
  const [view, setView] = useState<'asset' | 'trade'>('asset');
  const [tradeOpened, setTradeOpened] = useState(false);
  // The brokerage wallet is the one traded here; automated investing manages its own positions.
  const positions = usePositions(true, { wallet: 'brokerage' });
  const showAssets = isDesktop || view === 'asset';
  const showTrade = isDesktop || view === 'trade';
  const openPositions = (
    <>
      <PositionList
        title="Open positions"
        positions={positions.data ?? []}
        loading={positions.isPending}
        error={positions.error?.message}
      />
      <OpenOrders />
    </>
  );
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
          onChange={(next) => {
            setView(next);
            if (next === 'trade') setTradeOpened(true);
          }}
        />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {showAssets && (
          <div className="min-w-0 space-y-6">
            <MarketTable />
            {isDesktop && openPositions}
          </div>
        )}
        <div className="min-w-0 space-y-6">
          {/* A phone builds it when its tab is first opened, then hides rather than removes it on the
              other tab: what was typed into it stays. */}
          {(isDesktop || tradeOpened) && (
            <div hidden={!showTrade}>
              <MarketTradeForm />
            </div>
          )}
          {!isDesktop && showTrade && openPositions}
          {showTrade && <Holdings approved />}
          {showAssets && <TopMovers />}
        </div>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { MarketTradeForm } from '../../trading/components/market-trade-form';
import { MarketTable } from '../components/market-table';
import { TopMovers } from '../components/top-movers';

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
        <div role="tablist" aria-label="Market sections" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {(['asset', 'trade'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={view === option}
              onClick={() => setView(option)}
              className={`min-h-11 rounded-md text-sm font-semibold capitalize ${
                view === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700'
              }`}
            >
              {option}
            </button>
          ))}
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        {(isDesktop || view === 'asset') && <MarketTable />}
        <div className="space-y-6">
          {(isDesktop || view === 'trade') && <MarketTradeForm />}
          {(isDesktop || view === 'asset') && <TopMovers />}
        </div>
      </div>
    </div>
  );
}

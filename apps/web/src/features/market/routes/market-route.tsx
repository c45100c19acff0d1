import { useDocumentTitle } from '../../../hooks/use-document-title';
import { MarketTable } from '../components/market-table';
import { TopMovers } from '../components/top-movers';

/** /market: the asset list with live prices beside the top movers (the trade form comes with trading). */
export function MarketRoute() {
  useDocumentTitle('Market');
  return (
    <div className="space-y-6">
      <h1 id="asset" className="text-2xl font-bold text-brand-900">
        Market
      </h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <MarketTable />
        <TopMovers />
      </div>
    </div>
  );
}

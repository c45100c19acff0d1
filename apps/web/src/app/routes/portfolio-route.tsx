import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ChartRange } from '../../components/charts/range-chart';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { useKycStatus } from '../../lib/queries/get-user';
import { KycNotices } from '../../components/kyc-notices';
import { TradeHistory } from '../../features/market/components/trade-history';
import { useAnalytics } from '../../lib/queries/analytics';
import { Holdings } from '../../features/market/components/holdings';
import { DividendIncome } from '../../features/portfolio/components/dividend-income';
import { NetWorthChart } from '../../features/portfolio/components/net-worth-chart';
import { OpenPositions } from '../../features/market/components/open-positions';
import { PortfolioSummary } from '../../features/portfolio/components/portfolio-summary';
import { WalletBreakdown } from '../../features/portfolio/components/wallet-breakdown';

const views = ['overview', 'account', 'holdings', 'position', 'history'] as const;
type View = (typeof views)[number];

/** On phones the navigation's section links choose the sub-tab by the address's #hash. */
export function PortfolioRoute() {
  useDocumentTitle('Portfolio');
  const isDesktop = useIsDesktop();
  const location = useLocation();
  const navigate = useNavigate();
  const kyc = useKycStatus();
  const approved = kyc === 'approved';
  const [range, setRange] = useState<ChartRange>('1d');
  const analytics = useAnalytics(range);
  const hashed = location.hash.slice(1) as View;
  const view: View = views.includes(hashed) ? hashed : 'overview';
  const show = (candidate: View) => isDesktop || view === candidate;

  const chart = <NetWorthChart range={range} onRange={setRange} />;
  const breakdown = <WalletBreakdown analytics={analytics.data} />;
  const history = <TradeHistory id="history" approved={approved} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Portfolio</h1>
        {approved && (
          <Link to="/recurring" className="text-sm font-semibold text-brand-700 underline">
            Recurring plans
          </Link>
        )}
      </div>
      <KycNotices pendingText="Verify your identity to start trading and saving." />
      {!isDesktop && (
        <SegmentedControl
          label="Portfolio sections"
          options={views}
          value={view}
          onChange={(next) => void navigate({ hash: next === 'overview' ? '' : next }, { replace: true })}
          compact
        />
      )}
      {show('overview') && <PortfolioSummary analytics={analytics.data} />}
      {isDesktop ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            {chart}
            <OpenPositions approved={approved} />
            {history}
          </div>
          <div className="min-w-0 space-y-6">
            {breakdown}
            <Holdings approved={approved} />
            <DividendIncome />
          </div>
        </div>
      ) : (
        <>
          {show('overview') && chart}
          {show('account') && breakdown}
          {show('holdings') && (
            <>
              <Holdings approved={approved} />
              <DividendIncome />
            </>
          )}
          {show('position') && <OpenPositions approved={approved} />}
          {show('history') && history}
        </>
      )}
    </div>
  );
}

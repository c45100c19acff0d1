import { formatPrice } from '@itrust/contracts/format';
import { decimalOf } from '@itrust/contracts/money';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { usePositions } from '../api/trading';
import { OpenOrders } from '../components/open-orders';
import { PositionList } from '../components/position-list';
import { OwnStarToggle } from '../components/star-toggle';
import { TradeHistory } from '../components/trade-history';
import { TradeTicket } from '../components/trade-ticket';
import { useAsset } from '../api/get-asset';
import { useDisplayCurrency, useSettlementCurrency } from '../api/get-fx-rates';
import type { ChartRange } from '../../../components/charts/range-chart';
import { AssetName } from '../components/asset-name';
import { ChangeBadge } from '../components/change-badge';
import { DividendsCard } from '../components/dividends-card';
import { MarketStats } from '../components/market-stats';
import { PriceChart } from '../components/price-chart';
import { RecurringBuyCard } from '../components/recurring-buy-card';
import { SplitNote } from '../components/split-note';
import { useLiveQuotes, withLiveQuote } from '../hooks/use-live-quotes';

type Tab = 'market stats' | 'trade' | 'positions' | 'history';
const tabs: Tab[] = ['market stats', 'trade', 'positions', 'history'];

export function AssetRoute() {
  const { symbol = '', assetName = '' } = useParams();
  useDocumentTitle(assetName || symbol);
  const asset = useAsset(symbol);
  const live = useLiveQuotes(symbol ? [symbol.toUpperCase()] : []);
  const current = withLiveQuote(asset.data, live[symbol.toUpperCase()]);
  const { sign, rate } = useDisplayCurrency();
  const settlement = useSettlementCurrency();
  const [range, setRange] = useState<ChartRange>('1d');
  const [tab, setTab] = useState<Tab>('market stats');
  const isDesktop = useIsDesktop();
  // Automated investing manages its own holdings; the asset screen trades the brokerage wallet only.
  const positions = usePositions(Boolean(symbol), { symbol: symbol.toUpperCase(), wallet: 'brokerage' });
  const mine = positions.data ?? [];

  return (
    <div className="space-y-6">
      <Link to="/market" className="text-sm font-semibold text-brand-700">
        ← Back to the market
      </Link>
      {asset.isPending && <p className="text-slate-600">Loading {symbol}…</p>}
      {asset.isError && <MessageBanner error={asset.error.message} />}
      {asset.isSuccess && !current && <MessageBanner error={`There is no asset ${symbol} on Itrust.`} />}
      {current && (
        <>
          <header className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex min-w-0 items-center gap-3">
              <h1 className="min-w-0 text-2xl">
                <AssetName asset={current} size="size-12" />
              </h1>
              <OwnStarToggle asset={current} />
            </div>
            <p className="text-right">
              <span className="block text-3xl font-bold tabular-nums" data-testid="asset-price">
                {formatPrice(decimalOf(current.price).times(rate), sign)}
              </span>
              <ChangeBadge value={current.changes_percentage} />
            </p>
          </header>
          <SplitNote symbol={current.symbol} />
          {!isDesktop && (
            <SegmentedControl
              label="Asset sections"
              options={tabs}
              value={tab}
              onChange={setTab}
              className="[&>button]:text-xs"
            />
          )}
          {positions.isError && <MessageBanner error={positions.error.message} />}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
            <div className="space-y-6">
              {(isDesktop || tab === 'market stats') && (
                <>
                  <MarketStats asset={current} sign={sign} rate={rate} />
                  <PriceChart symbol={current.symbol} range={range} onRange={setRange} sign={sign} rate={rate} />
                  <DividendsCard asset={current} sign={sign} rate={rate} />
                </>
              )}
              {(isDesktop || tab === 'positions') && (
                <>
                  <PositionList positions={mine} />
                  <OpenOrders symbol={current.symbol} />
                </>
              )}
              {(isDesktop || tab === 'history') && <TradeHistory symbol={current.symbol} />}
            </div>
            {/* Hidden rather than removed on a phone's other tabs: what was typed into it stays. */}
            <div hidden={!isDesktop && tab !== 'trade'}>
              <div className="space-y-6 lg:sticky lg:top-6">
                <TradeTicket asset={current} positions={mine} sign={settlement.sign} rate={settlement.rate} />
                <RecurringBuyCard asset={current} />
              </div>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

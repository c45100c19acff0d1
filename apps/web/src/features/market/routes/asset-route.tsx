import { formatPrice } from '@itrust/contracts/format';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAsset } from '../api/get-asset';
import { useDisplayCurrency } from '../api/get-fx-rates';
import type { ChartRange } from '../api/types';
import { AssetName } from '../components/asset-name';
import { ChangeBadge } from '../components/change-badge';
import { MarketStats } from '../components/market-stats';
import { PriceChart } from '../components/price-chart';
import { useLiveQuotes } from '../hooks/use-live-quotes';

/** /asset/{assetName}/{symbol}: header, market stats and the price chart, updating live. */
export function AssetRoute() {
  const { symbol = '', assetName = '' } = useParams();
  useDocumentTitle(assetName || symbol);
  const asset = useAsset(symbol);
  const live = useLiveQuotes(symbol ? [symbol.toUpperCase()] : []);
  const current = live[symbol.toUpperCase()] ?? asset.data;
  const { sign, rate } = useDisplayCurrency();
  const [range, setRange] = useState<ChartRange>('1d');

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
            <h1 className="text-2xl">
              <AssetName asset={current} size="size-12" />
            </h1>
            <p className="text-right">
              <span className="block text-3xl font-bold tabular-nums" data-testid="asset-price">
                {formatPrice(Number(current.price) * rate, sign)}
              </span>
              <ChangeBadge value={current.changes_percentage} />
            </p>
          </header>
          <div className="grid gap-6 lg:grid-cols-2">
            <MarketStats asset={current} sign={sign} rate={rate} />
            <PriceChart symbol={current.symbol} range={range} onRange={setRange} sign={sign} rate={rate} />
          </div>
        </>
      )}
    </div>
  );
}

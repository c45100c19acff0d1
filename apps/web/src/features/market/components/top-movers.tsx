import { formatPrice } from '@itrust/contracts/format';
import { decimalOf } from '@itrust/contracts/money';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useDisplayCurrency } from '../api/get-fx-rates';
import { useTopMovers } from '../api/get-top-movers';
import type { Asset, TopMoversResponse } from '@itrust/contracts';
import { AssetName, assetPath } from './asset-name';
import { ChangeBadge } from './change-badge';

const tabs: { key: keyof TopMoversResponse; label: string; empty: string }[] = [
  { key: 'gainers', label: 'Top Gainers', empty: 'Nothing is up right now.' },
  { key: 'losers', label: 'Top Losers', empty: 'Nothing is down right now.' },
  { key: 'new_in_market', label: 'New in Market', empty: 'No new listings.' },
];

const none: Asset[] = [];

/** At most 16 rows per tab, computed by the server. */
export function TopMovers() {
  const movers = useTopMovers();
  const [active, setActive] = useState<keyof TopMoversResponse>('gainers');
  const { sign, rate } = useDisplayCurrency();
  // Drawn in the background, in slices, so the response that brings them blocks nothing.
  const current = movers.data?.[active] ?? none;
  const list = useDeferredValue(current);
  const tab = tabs.find((candidate) => candidate.key === active);

  return (
    <Card title="Top movers">
      <SegmentedControl
        label="Top movers"
        options={tabs.map((candidate) => candidate.key)}
        value={active}
        onChange={setActive}
        optionLabel={(key) => tabs.find((candidate) => candidate.key === key)?.label ?? key}
        panelId="movers-panel"
        compact
        className="mt-3"
      />
      <div id="movers-panel" role="tabpanel" aria-labelledby={`movers-panel-tab-${active}`} className="mt-3">
        {movers.isPending && <p className="text-sm text-slate-600">Loading…</p>}
        {movers.isError && <MessageBanner error={movers.error.message} />}
        {movers.isSuccess && current.length === 0 && <p className="text-sm text-slate-600">{tab?.empty}</p>}
        <ul className="divide-y divide-slate-100">
          {list.map((asset) => (
            <li key={asset.symbol}>
              <Link to={assetPath(asset)} className="flex items-center justify-between gap-3 py-2.5 hover:bg-slate-50">
                <AssetName asset={asset} size="size-7" />
                <span className="shrink-0 text-right text-sm">
                  <span className="block font-medium tabular-nums">
                    {formatPrice(decimalOf(asset.price).times(rate), sign)}
                  </span>
                  <ChangeBadge value={asset.changes_percentage} className="text-xs" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

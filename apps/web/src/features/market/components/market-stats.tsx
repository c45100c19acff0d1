import { formatCompact, formatPrice } from '@itrust/contracts/format';
import { decimalOf, type Decimal } from '@itrust/contracts/money';
import { useState } from 'react';
import type { Asset } from '@itrust/contracts';
import { Card } from '../../../components/ui/card';
import { Fact } from '../../../components/ui/fact';
import { ChangeBadge } from './change-badge';

type MarketStatsProps = { asset: Asset; sign: string; rate: Decimal };

export function MarketStats({ asset, sign, rate }: MarketStatsProps) {
  const [view, setView] = useState<'range' | '24h'>('range');
  const money = (value: Decimal.Value) => formatPrice(decimalOf(value).times(rate), sign);
  const cards = [
    { label: 'Market Cap', value: formatCompact(decimalOf(asset.market_cap).times(rate), sign) },
    { label: 'Previous Close', value: money(asset.previous_close) },
    { label: 'Average Volume', value: formatCompact(asset.avg_volume, asset.type === 'crypto' ? sign : undefined) },
    { label: 'Volume', value: formatCompact(asset.volume, asset.type === 'crypto' ? sign : undefined) },
  ];

  return (
    <Card
      title="Market Stats"
      action={
        <div role="group" aria-label="Show" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {(['range', '24h'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`rounded-md px-3 py-1 text-xs font-semibold ${view === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-600'}`}
            >
              {option === 'range' ? 'high/low price' : '24h'}
            </button>
          ))}
        </div>
      }
    >
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        {view === 'range' ? (
          <>
            <Fact label="Day low">{money(asset.day_low)}</Fact>
            <Fact label="Day high">{money(asset.day_high)}</Fact>
          </>
        ) : (
          <>
            <Fact label="24h change">
              <ChangeBadge value={asset.changes_percentage} />
            </Fact>
            <Fact label="Since previous close">{money(decimalOf(asset.price).minus(asset.previous_close))}</Fact>
          </>
        )}
        <Fact label="Rank">
          #{asset.rank} among {asset.type === 'crypto' ? 'crypto assets' : 'stocks'} by market cap
        </Fact>
        <Fact label="Watchlists">
          on {asset.watchers} watchlist{asset.watchers === 1 ? '' : 's'}
        </Fact>
      </dl>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl bg-slate-50 p-3">
            <p className="text-xs text-slate-600">{card.label}</p>
            <p className="mt-1 font-semibold tabular-nums">{card.value}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

import { formatPrice } from '@itrust/contracts/format';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useAssets } from '../api/get-assets';
import { useDisplayCurrency } from '../api/get-fx-rates';
import type { Asset, AssetSort } from '../api/types';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { AssetName } from './asset-name';
import { ChangeBadge } from './change-badge';

const perPage = 25;
const columns: { sort: AssetSort; label: string; numeric: boolean }[] = [
  { sort: 'name', label: 'Name', numeric: false },
  { sort: 'price', label: 'Price', numeric: true },
  { sort: 'changes_percentage', label: '24h change', numeric: true },
  { sort: 'day_high', label: 'High', numeric: true },
  { sort: 'day_low', label: 'Low', numeric: true },
];

export const assetPath = (asset: Pick<Asset, 'name' | 'symbol'>) =>
  `/asset/${encodeURIComponent(asset.name)}/${encodeURIComponent(asset.symbol)}`;

/** The market list: 25 a page, sorted by name at first, every column header sorts; prices update live. */
export function MarketTable() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ column: AssetSort; descending: boolean }>({ column: 'name', descending: false });
  const assets = useAssets({ page, perPage, sort: sort.column, descending: sort.descending });
  const rows = assets.data?.data ?? [];
  const live = useLiveQuotes(rows.map((asset) => asset.symbol));
  const { sign, rate } = useDisplayCurrency();
  const price = (value: string) => formatPrice(Number(value) * rate, sign);

  const sortBy = (column: AssetSort) => {
    setSort((current) => ({ column, descending: current.column === column ? !current.descending : column !== 'name' }));
    setPage(1);
  };

  return (
    <section aria-labelledby="market-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id="market-title" className="px-5 pt-5 text-lg font-semibold text-brand-900">
        Market
      </h2>
      {assets.isError && (
        <div className="p-5">
          <MessageBanner error={assets.error.message} />
        </div>
      )}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm sm:min-w-[36rem]">
          <thead className="border-y border-slate-200 bg-slate-50 text-left text-xs text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={sort.column === column.sort ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  className={`px-3 py-2 sm:px-4 ${column.numeric ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => sortBy(column.sort)}
                    className="inline-flex items-center gap-1 font-semibold uppercase hover:text-slate-900"
                  >
                    {column.label}
                    <span aria-hidden="true">{sort.column === column.sort ? (sort.descending ? '↓' : '↑') : '↕'}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {assets.isPending &&
              Array.from({ length: 8 }, (_, index) => (
                <tr key={index} aria-hidden="true">
                  <td colSpan={5} className="px-3 py-3 sm:px-4">
                    <span className="block h-5 animate-pulse rounded bg-slate-100" />
                  </td>
                </tr>
              ))}
            {rows.map((row) => {
              const asset = live[row.symbol] ?? row;
              return (
                <tr
                  key={asset.symbol}
                  tabIndex={0}
                  aria-label={`${asset.name}, open details`}
                  onClick={() => void navigate(assetPath(asset))}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void navigate(assetPath(asset));
                  }}
                  className="cursor-pointer border-b border-slate-100 hover:bg-brand-50 focus:bg-brand-50"
                  data-symbol={asset.symbol}
                >
                  {/* On a phone a long name is cut short, so that the price and the day's change fit beside it. */}
                  <td className="max-w-[10rem] px-3 py-3 sm:max-w-none sm:px-4">
                    <AssetName asset={asset} />
                  </td>
                  <td className="px-3 py-3 text-right sm:px-4 font-medium tabular-nums" data-cell="price">
                    {price(asset.price)}
                  </td>
                  <td className="px-3 py-3 text-right sm:px-4">
                    <ChangeBadge value={asset.changes_percentage} />
                  </td>
                  <td className="px-3 py-3 text-right sm:px-4 tabular-nums">{price(asset.day_high)}</td>
                  <td className="px-3 py-3 text-right sm:px-4 tabular-nums">{price(asset.day_low)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {assets.data && (
        <nav aria-label="Market pages" className="flex items-center justify-between gap-3 px-5 py-4 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {assets.data.current_page} of {assets.data.last_page} · {assets.data.total} assets
          </span>
          <Button variant="secondary" disabled={page >= assets.data.last_page} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}

import { formatPrice } from '@itrust/contracts/format';
import { decimalOf } from '@itrust/contracts/money';
import { useDeferredValue, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { StarToggle, type Stars } from './star-toggle';
import { useDisplayCurrency } from '../api/get-fx-rates';
import type { Asset } from '@itrust/contracts';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { AssetName, assetPath } from './asset-name';
import { ChangeBadge } from './change-badge';

/** What a row of the market list shows: an asset of the list, or of the watchlist. */
export type ListedAsset = Pick<
  Asset,
  'id' | 'name' | 'symbol' | 'img' | 'price' | 'changes_percentage' | 'day_high' | 'day_low' | 'starred'
>;
export type ListSort = {
  column: 'name' | 'price' | 'changes_percentage' | 'day_high' | 'day_low';
  descending: boolean;
};

const columns: { sort: ListSort['column']; label: string; numeric: boolean }[] = [
  { sort: 'name', label: 'Name', numeric: false },
  { sort: 'price', label: 'Price', numeric: true },
  { sort: 'changes_percentage', label: '24h change', numeric: true },
  { sort: 'day_high', label: 'High', numeric: true },
  { sort: 'day_low', label: 'Low', numeric: true },
];

/** The order the server gives the full list, for a list sorted here (the watchlist). */
export const sortedBy =
  ({ column, descending }: ListSort) =>
  (a: ListedAsset, b: ListedAsset) => {
    const order =
      column === 'name'
        ? a.name.toLowerCase().localeCompare(b.name.toLowerCase())
        : Number(a[column]) - Number(b[column]) || a.name.localeCompare(b.name);
    return descending ? -order : order;
  };

// The star sits inside the row, whose own click opens the asset: a press of the star only stars.
const fromButton = (event: MouseEvent) => event.target instanceof Element && event.target.closest('button') !== null;

type AssetTableProps = {
  rows: ListedAsset[];
  loading: boolean;
  sort: ListSort;
  onSort: (column: ListSort['column']) => void;
  stars: Stars;
  empty?: string | undefined;
  onUnstar?: (() => void) | undefined;
};

export function AssetTable({ rows, loading, sort, onSort, stars, empty, onUnstar }: AssetTableProps) {
  const navigate = useNavigate();
  // New rows are drawn in the background, in slices, so the response that brings them blocks nothing.
  const shown = useDeferredValue(rows);
  const live = useLiveQuotes(shown.map((asset) => asset.symbol));
  const { sign, rate } = useDisplayCurrency();
  const price = (value: string) => formatPrice(decimalOf(value).times(rate), sign);

  return (
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
                  onClick={() => onSort(column.sort)}
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
          {loading &&
            Array.from({ length: 8 }, (_, index) => (
              <tr key={index} aria-hidden="true">
                <td colSpan={5} className="px-3 py-3 sm:px-4">
                  <span className="block h-5 animate-pulse rounded bg-slate-100" />
                </td>
              </tr>
            ))}
          {!loading && shown === rows && rows.length === 0 && empty && (
            <tr>
              <td colSpan={5} className="px-5 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {shown.map((row) => {
            const asset = { ...row, ...live[row.symbol] };
            return (
              <tr
                key={asset.symbol}
                tabIndex={0}
                aria-label={`${asset.name}, open details`}
                onClick={(event) => {
                  if (!fromButton(event)) void navigate(assetPath(asset));
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) void navigate(assetPath(asset));
                }}
                className="cursor-pointer border-b border-slate-100 hover:bg-brand-50 focus:bg-brand-50"
                data-symbol={asset.symbol}
              >
                {/* On a phone the star takes the logo's place and a long name is cut short, so that the
                    price and the day's change fit beside it. */}
                <td className="max-w-[10rem] py-2 pr-3 pl-1 sm:max-w-none sm:px-2">
                  <span className="flex items-center gap-1">
                    <StarToggle
                      asset={row}
                      stars={stars}
                      size="small"
                      onChange={(starred) => !starred && onUnstar?.()}
                    />
                    <AssetName asset={asset} size="size-8 max-sm:hidden" />
                  </span>
                </td>
                <td className="px-3 py-3 text-right font-medium tabular-nums sm:px-4" data-cell="price">
                  {price(asset.price)}
                </td>
                <td className="px-3 py-3 text-right sm:px-4">
                  <ChangeBadge value={asset.changes_percentage} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums sm:px-4">{price(asset.day_high)}</td>
                <td className="px-3 py-3 text-right tabular-nums sm:px-4">{price(asset.day_low)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

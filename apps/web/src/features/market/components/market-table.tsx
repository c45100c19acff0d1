import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useStars } from './star-toggle';
import { useAssets } from '../api/get-assets';
import { AssetTable, sortedBy, type ListedAsset, type ListSort } from './asset-table';

const perPage = 25;
const lists = ['all', 'watchlist'] as const;
type List = (typeof lists)[number];
const listLabels: Record<List, string> = { all: 'All assets', watchlist: 'Watchlist' };
const none: ListedAsset[] = [];

export function MarketTable() {
  const [list, setList] = useState<List>('all');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort>({ column: 'name', descending: false });
  const assets = useAssets({ page, perPage, sort: sort.column, descending: sort.descending });
  const stars = useStars();
  const { watchlist } = stars;
  const shown = list === 'all' ? assets : watchlist;
  const rows = useMemo(
    () =>
      list === 'all'
        ? (assets.data?.data ?? none)
        : (watchlist.data ?? []).map((entry) => entry.asset).sort(sortedBy(sort)),
    [list, assets.data, watchlist.data, sort],
  );

  const header = useRef<HTMLDivElement>(null);
  // An unstarred row leaves the watchlist, and the focus with it: it goes back to the list's tab.
  const focusTab = () => header.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();

  const sortBy = (column: ListSort['column']) => {
    setSort((current) => ({ column, descending: current.column === column ? !current.descending : column !== 'name' }));
    setPage(1);
  };

  return (
    <section aria-labelledby="market-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div ref={header} className="flex flex-wrap items-center justify-between gap-3 px-5 pt-5">
        <h2 id="market-title" className="text-lg font-semibold text-brand-900">
          Market
        </h2>
        <SegmentedControl
          label="Market lists"
          options={lists}
          optionLabel={(option) => listLabels[option]}
          value={list}
          onChange={setList}
          className="min-w-56"
        />
      </div>
      {shown.isError && (
        <div className="px-5 pt-4">
          <MessageBanner error={shown.error.message} />
        </div>
      )}
      <AssetTable
        rows={rows}
        loading={shown.isPending}
        sort={sort}
        onSort={sortBy}
        stars={stars}
        onUnstar={list === 'watchlist' ? focusTab : undefined}
        empty={
          list === 'watchlist' && watchlist.isSuccess
            ? 'No assets on your watchlist yet. Tap the star beside an asset to add it.'
            : undefined
        }
      />
      {list === 'all' && assets.data && (
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
      {list === 'watchlist' && watchlist.isSuccess && rows.length > 0 && (
        <p className="px-5 py-4 text-sm text-slate-600">
          {rows.length} {rows.length === 1 ? 'asset' : 'assets'} on your watchlist
        </p>
      )}
    </section>
  );
}

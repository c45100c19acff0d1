import { useMemo } from 'react';
import { useToast } from '../../../components/ui/toast';
import type { Asset } from '@itrust/contracts';
import { useStar, useWatchlist } from '../api/trading';

type Starrable = Pick<Asset, 'id' | 'name' | 'starred'>;

/** The caller's watchlist and its stars: one subscription for a whole list of stars, not one a star. */
export function useStars() {
  const watchlist = useWatchlist();
  const star = useStar();
  const toast = useToast();
  const entries = useMemo(() => new Map(watchlist.data?.map((entry) => [entry.asset.id, entry.id])), [watchlist.data]);
  const changing = star.isPending ? star.variables.assetId : undefined;
  const isStarred = (asset: Starrable) => (watchlist.isSuccess ? entries.has(asset.id) : asset.starred);

  async function toggle(asset: Starrable, onChange?: (starred: boolean) => void) {
    const starred = isStarred(asset);
    try {
      const result = await star.mutateAsync({ assetId: asset.id, entryId: entries.get(asset.id) });
      toast.success(result.message);
      onChange?.(!starred);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The watchlist could not be changed.');
    }
  }

  return { watchlist, isStarred, toggle, isBusy: (asset: Starrable) => watchlist.isPending || changing === asset.id };
}

export type Stars = ReturnType<typeof useStars>;

type StarToggleProps = {
  asset: Starrable;
  stars: Stars;
  /** 'small' fits a row of the market list. */
  size?: 'large' | 'small';
  /** Called once the server has the change, with whether the asset is now starred. */
  onChange?: ((starred: boolean) => void) | undefined;
};

export function StarToggle({ asset, stars, size = 'large', onChange }: StarToggleProps) {
  const starred = stars.isStarred(asset);
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={starred ? `Remove ${asset.name} from your watchlist` : `Add ${asset.name} to your watchlist`}
      disabled={stars.isBusy(asset)}
      onClick={() => void stars.toggle(asset, onChange)}
      className={`inline-flex shrink-0 items-center justify-center rounded-full leading-none hover:bg-slate-100 disabled:opacity-60 ${
        size === 'large' ? 'size-11 border border-slate-300 bg-white text-2xl' : 'size-9 text-xl'
      }`}
    >
      <span aria-hidden="true" className={starred ? 'text-amber-500' : 'text-slate-400'}>
        {starred ? '★' : '☆'}
      </span>
    </button>
  );
}

/** A star on its own, subscribed by itself, so its changes redraw only the star and not its screen. */
export function OwnStarToggle(props: Omit<StarToggleProps, 'stars'>) {
  return <StarToggle {...props} stars={useStars()} />;
}

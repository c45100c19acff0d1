import { useToast } from '../../../components/ui/toast';
import type { Asset } from '../../market/api/types';
import { useStar, useWatchlist } from '../api/trading';

type StarToggleProps = {
  asset: Pick<Asset, 'id' | 'name' | 'starred'>;
  /** 'small' fits a row of the market list. */
  size?: 'large' | 'small';
  /** Called once the server has the change, with whether the asset is now starred. */
  onChange?: (starred: boolean) => void;
};

/** The watchlist star: pressed when the asset is on the caller's watchlist. */
export function StarToggle({ asset, size = 'large', onChange }: StarToggleProps) {
  const watchlist = useWatchlist();
  const star = useStar();
  const toast = useToast();
  const entry = watchlist.data?.find((item) => item.asset.id === asset.id);
  const starred = watchlist.isSuccess ? Boolean(entry) : asset.starred;

  async function toggle() {
    try {
      const result = await star.mutateAsync({ assetId: asset.id, entryId: entry?.id });
      toast.success(result.message);
      onChange?.(!starred);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The watchlist could not be changed.');
    }
  }

  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={starred ? `Remove ${asset.name} from your watchlist` : `Add ${asset.name} to your watchlist`}
      disabled={star.isPending || watchlist.isPending}
      onClick={() => void toggle()}
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

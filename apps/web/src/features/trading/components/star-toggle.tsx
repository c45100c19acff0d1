import { useToast } from '../../../components/ui/toast';
import type { Asset } from '../../market/api/types';
import { useStar, useWatchlist } from '../api/trading';

/** The watchlist star: pressed when the asset is on the caller's watchlist. */
export function StarToggle({ asset }: { asset: Asset }) {
  const watchlist = useWatchlist();
  const star = useStar();
  const toast = useToast();
  const entry = watchlist.data?.find((item) => item.asset.id === asset.id);
  const starred = watchlist.isSuccess ? Boolean(entry) : asset.starred;

  async function toggle() {
    try {
      const result = await star.mutateAsync({ assetId: asset.id, entryId: entry?.id });
      toast.success(result.message);
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
      className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-2xl leading-none hover:bg-slate-50 disabled:opacity-60"
    >
      <span aria-hidden="true" className={starred ? 'text-amber-500' : 'text-slate-400'}>
        {starred ? '★' : '☆'}
      </span>
    </button>
  );
}

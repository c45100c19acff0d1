import { splitRatioLabel, type SplitListResponse } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** A split applied this long ago or less is still worth a note: figures jumped from what the holder remembers. */
const recentDays = 30;
const day = 24 * 60 * 60 * 1000;
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A note of the asset's upcoming split, or of one applied lately, above its figures. */
export function SplitNote({ symbol }: { symbol: string }) {
  const note = useQuery({
    queryKey: ['splits', symbol],
    queryFn: async () => {
      const { splits } = await apiData<SplitListResponse>(`/assets/${encodeURIComponent(symbol)}/splits`);
      const upcoming = splits.filter((split) => split.status === 'scheduled').at(-1);
      const now = Date.now();
      const recent = splits.find(
        (split) =>
          split.status === 'applied' && split.applied_at && now - Date.parse(split.applied_at) < recentDays * day,
      );
      return upcoming ?? recent ?? null;
    },
  });
  // A note is extra: without it, or while it loads, the screen says what it always does.
  const shown = note.data;
  if (!shown) return null;
  const ratio = splitRatioLabel(shown);
  return (
    <p role="note" className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      {shown.status === 'scheduled'
        ? `${symbol} splits ${ratio} on ${longDate(shown.effective_on)}. Holdings, open orders and prices will adjust by the ratio; their cost and value will not change.`
        : `${symbol} split ${ratio} on ${longDate(shown.effective_on)}. Holdings, open orders and the chart are adjusted; trades before it show what was traded then.`}
    </p>
  );
}

import { splitNoteDays, splitRatioLabel, type Split, type SplitListResponse } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

const day = 24 * 60 * 60 * 1000;
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Of one asset's splits, the one worth a note: the upcoming split, else one applied lately. */
function notedSplit(splits: Split[]): Split | null {
  const upcoming = splits.filter((split) => split.status === 'scheduled').at(-1);
  const now = Date.now();
  const recent = splits.find(
    (split) =>
      split.status === 'applied' && split.applied_at && now - Date.parse(split.applied_at) < splitNoteDays * day,
  );
  return upcoming ?? recent ?? null;
}

/** The note itself, the same words on the asset screen and on the portfolio's positions. */
export function SplitNotice({ split, className = '' }: { split: Split; className?: string }) {
  const ratio = splitRatioLabel(split);
  return (
    <p
      role="note"
      className={`rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 ${className}`}
    >
      {split.status === 'scheduled'
        ? `${split.symbol} splits ${ratio} on ${longDate(split.effective_on)}. Holdings, open orders and prices will adjust by the ratio; their cost and value will not change.`
        : `${split.symbol} split ${ratio} on ${longDate(split.effective_on)}. Holdings, open orders and the chart are adjusted; trades before it show what was traded then.`}
    </p>
  );
}

/** A note of the asset's upcoming split, or of one applied lately, above its figures. */
export function SplitNote({ symbol }: { symbol: string }) {
  const note = useQuery({
    queryKey: ['splits', symbol],
    queryFn: async () =>
      notedSplit((await apiData<SplitListResponse>(`/assets/${encodeURIComponent(symbol)}/splits`)).splits),
  });
  // A note is extra: without it, or while it loads, the screen says what it always does.
  return note.data ? <SplitNotice split={note.data} /> : null;
}

/**
 * The noted split of each stock the user holds, by symbol, in one request for every position on
 * the screen. A note is extra: until it loads, or if it fails, the positions show without it.
 */
export function useHeldSplits(enabled: boolean) {
  return useQuery({
    queryKey: ['splits', 'held'],
    enabled,
    queryFn: async () => {
      const { splits } = await apiData<SplitListResponse>('/user/splits');
      const bySymbol = new Map<string, Split>();
      for (const symbol of new Set(splits.map((split) => split.symbol))) {
        const noted = notedSplit(splits.filter((split) => split.symbol === symbol));
        if (noted) bySymbol.set(symbol, noted);
      }
      return bySymbol;
    },
  });
}

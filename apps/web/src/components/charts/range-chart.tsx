import { useEffect, useRef } from 'react';
import { Card } from '../ui/card';
import { MessageBanner } from '../ui/message-banner';
import { AreaChart, type ChartPoint } from './area-chart';

export const chartRanges = ['1d', '7d', '30d', '1yr', 'all'] as const;
export type ChartRange = (typeof chartRanges)[number];

export const rangeLabels: Record<ChartRange, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '1yr': '1 year',
  all: 'all time',
};

type RangeChartProps = {
  title: string;
  /** Seconds since the epoch, and the value at that time (and its label), in ascending time. */
  points: ChartPoint[] | undefined;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  /** Whether the points on screen are still the previous range's while the next one loads. */
  stale: boolean;
  error: string | null;
  /** What the chart shows, in words, for everyone who cannot see it. */
  summary: string;
  /** A value as the price scale shows it: in the user's currency, with its grouping. */
  formatValue: (value: number) => string;
  testId: string;
};

/** An area chart with five ranges (1d to all) and a sentence beside it that says what it shows. */
export function RangeChart({
  title,
  points,
  range,
  onRange,
  stale,
  error,
  summary,
  formatValue,
  testId,
}: RangeChartProps) {
  const container = useRef<HTMLDivElement>(null);

  // While the next range loads, the previous one stays drawn; say which range is really on screen.
  useEffect(() => {
    if (stale || !points) return;
    container.current?.setAttribute('data-points', String(points.length));
    container.current?.setAttribute('data-range', range);
  }, [points, stale, range]);

  return (
    <Card
      title={title}
      action={
        <div role="group" aria-label="Chart range" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {chartRanges.map((candidate) => (
            <button
              key={candidate}
              type="button"
              aria-pressed={range === candidate}
              onClick={() => onRange(candidate)}
              className={`min-h-8 rounded-md px-3 py-1 text-xs font-semibold ${range === candidate ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-600'}`}
            >
              {candidate}
            </button>
          ))}
        </div>
      }
    >
      {error && <MessageBanner error={error} />}
      <div ref={container} className="mt-4 h-72 w-full" aria-hidden="true" data-testid={testId}>
        {points && <AreaChart points={points} formatValue={formatValue} />}
      </div>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {summary}
      </p>
    </Card>
  );
}

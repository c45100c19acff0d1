import type { AutoscaleInfo, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { MessageBanner } from '../ui/message-banner';

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
  /** Seconds since the epoch, and the value at that time. */
  points: { time: number; value: number }[] | undefined;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  /** Whether the points on screen are still the previous range's while the next one loads. */
  stale: boolean;
  error: string | null;
  /** What the chart shows, in words, for everyone who cannot see it. */
  summary: string;
  /** A value as the price scale and the crosshair label show it: in the user's currency, with its grouping. */
  formatValue: (value: number) => string;
  testId: string;
};

/** An area chart with the five ranges of spec 2 and a sentence beside it that says what it shows. */
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
  // The chart is made once; its labels read the latest formatter when they are next drawn (a new
  // currency comes with new points, which redraw them).
  const format = useRef(formatValue);
  useEffect(() => {
    format.current = formatValue;
  });
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const [drawn, setDrawn] = useState(false);

  // The charting library arrives after the screen's figures: it is loaded here, not with the route,
  // once there is something to draw and the browser is idle after showing the figures.
  const wanted = points !== undefined || error !== null;
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    const load = () =>
      void import('lightweight-charts').then(({ AreaSeries, createChart }) => {
        if (cancelled || !container.current) return;
        chart.current = createChart(container.current, {
          autoSize: true,
          // The logo's inline style breaks our CSP; the attribution the licence asks for is the link under the chart.
          layout: { background: { color: '#ffffff' }, textColor: '#334155', attributionLogo: false },
          grid: { vertLines: { visible: false }, horzLines: { color: '#f1f5f9' } },
          // A price label cut by the chart's top or bottom edge is left out rather than drawn in half.
          rightPriceScale: { borderVisible: false, entireTextOnly: true },
          // Fixed edges: the range is fitted whole, and the library then keeps the edge labels whole too.
          timeScale: { borderVisible: false, timeVisible: true, fixLeftEdge: true, fixRightEdge: true },
          localization: { priceFormatter: (value: number) => format.current(value) },
        });
        series.current = chart.current.addSeries(AreaSeries, {
          lineColor: '#11578c',
          topColor: 'rgba(17, 87, 140, 0.25)',
          bottomColor: 'rgba(17, 87, 140, 0.02)',
          lineWidth: 2,
          autoscaleInfoProvider: nonNegativeScale,
        });
        setDrawn(true);
      });
    const idle = whenIdle(load);
    return () => {
      cancelled = true;
      idle.cancel();
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
  }, [wanted]);

  useEffect(() => {
    if (!series.current || !points) return;
    series.current.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    chart.current?.timeScale().fitContent();
    // While the next range loads, the previous one stays drawn; say which range is really on screen.
    if (!stale) {
      container.current?.setAttribute('data-points', String(points.length));
      container.current?.setAttribute('data-range', range);
    }
  }, [points, stale, range, drawn]);

  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
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
      </div>
      {error && <MessageBanner error={error} />}
      <div ref={container} className="mt-4 h-72 w-full" aria-hidden="true" data-testid={testId} />
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {summary}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        Chart by{' '}
        <a href="https://www.tradingview.com/" className="underline" rel="noopener noreferrer" target="_blank">
          TradingView Lightweight Charts
        </a>
      </p>
    </section>
  );
}

/**
 * Neither a net worth nor a price goes below zero. A series of zeros (a new account's) would get a
 * scale centred on zero, running into negative amounts: it gets 0 to 1 instead.
 */
function nonNegativeScale(original: () => AutoscaleInfo | null): AutoscaleInfo | null {
  const scale = original();
  if (!scale?.priceRange) return scale;
  const { minValue, maxValue } = scale.priceRange;
  return {
    ...scale,
    priceRange: maxValue <= 0 ? { minValue: 0, maxValue: 1 } : { minValue: Math.max(0, minValue), maxValue },
  };
}

/** Runs `work` when the browser is next idle (at most a second away); Safari has no idle callback, so a short wait. */
function whenIdle(work: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 1000 });
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const handle = setTimeout(work, 200);
  return { cancel: () => clearTimeout(handle) };
}

import { formatPrice } from '@itrust/contracts/format';
import { AreaSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useHistory } from '../api/get-history';
import { chartRanges, type ChartRange } from '../api/types';

const rangeLabels: Record<ChartRange, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '1yr': '1 year',
  all: 'all time',
};

type PriceChartProps = {
  symbol: string;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  sign: string;
  rate: number;
};

/** The price chart with its five ranges, and a sentence that says what it shows for screen readers. */
export function PriceChart({ symbol, range, onRange, sign, rate }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const history = useHistory(symbol, range);

  useEffect(() => {
    if (!container.current) return;
    chart.current = createChart(container.current, {
      autoSize: true,
      // The logo's inline style breaks our CSP; the attribution the licence asks for is the link under the chart.
      layout: { background: { color: '#ffffff' }, textColor: '#334155', attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true },
    });
    series.current = chart.current.addSeries(AreaSeries, {
      lineColor: '#11578c',
      topColor: 'rgba(17, 87, 140, 0.25)',
      bottomColor: 'rgba(17, 87, 140, 0.02)',
      lineWidth: 2,
    });
    return () => {
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    if (!series.current || !history.data) return;
    series.current.setData(
      history.data.map((point) => ({ time: point.time as UTCTimestamp, value: Number(point.value) * rate })),
    );
    chart.current?.timeScale().fitContent();
    // While the next range loads, the previous one stays drawn; say which range is really on screen.
    if (!history.isPlaceholderData) {
      container.current?.setAttribute('data-points', String(history.data.length));
      container.current?.setAttribute('data-range', range);
    }
  }, [history.data, history.isPlaceholderData, rate, range]);

  const points = history.data ?? [];
  const first = Number(points[0]?.value ?? 0) * rate;
  const last = Number(points.at(-1)?.value ?? 0) * rate;
  const change = first === 0 ? 0 : ((last - first) / first) * 100;

  return (
    <section aria-labelledby="chart-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="chart-title" className="text-lg font-semibold text-brand-900">
          Price
        </h2>
        <div role="group" aria-label="Chart range" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {chartRanges.map((candidate) => (
            <button
              key={candidate}
              type="button"
              aria-pressed={range === candidate}
              onClick={() => onRange(candidate)}
              className={`rounded-md px-3 py-1 text-xs font-semibold ${range === candidate ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-600'}`}
            >
              {candidate}
            </button>
          ))}
        </div>
      </div>
      {history.isError && <MessageBanner error={history.error.message} />}
      <div ref={container} className="mt-4 h-72 w-full" aria-hidden="true" data-testid="price-chart" />
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {points.length > 1
          ? `Over ${rangeLabels[range]} the price went from ${formatPrice(first, sign)} to ${formatPrice(last, sign)} (${change >= 0 ? '+' : ''}${change.toFixed(2)}%).`
          : 'Loading the price history…'}
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

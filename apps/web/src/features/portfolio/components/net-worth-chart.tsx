import { formatMoney } from '@itrust/contracts/format';
import { useCallback, useMemo } from 'react';
import { RangeChart, rangeLabels, type ChartRange } from '../../../components/charts/range-chart';
import { useWallets } from '../../../lib/queries/wallets';
import { useMoney } from '../../../lib/use-money';
import { useAnalytics } from '../../../lib/queries/analytics';

/**
 * The net worth over the chosen range: every wallet, savings and positions at the prices of each
 * time. Its last point is now: the net worth the wallet breakdown shows, read with the wallets, so
 * the two agree whichever of the two responses was read after a price tick.
 */
export function NetWorthChart({ range, onRange }: { range: ChartRange; onRange: (range: ChartRange) => void }) {
  const analytics = useAnalytics(range);
  const now = useWallets().data?.cash.total_networth;
  const { sign, convert } = useMoney();
  // The series is in the settlement currency; the chart draws it in the display currency.
  const factor = convert(1);
  const chartData = analytics.data?.chart_data;
  const points = useMemo(() => {
    if (!chartData) return undefined;
    const series = Object.entries(chartData).map(([time, value]) => ({
      time: Math.floor(Date.parse(time) / 1000),
      value,
    }));
    const last = series.at(-1);
    if (last && now !== undefined) last.value = now;
    return series.map(({ time, value }) => ({ time, value: Number(value) * factor }));
  }, [chartData, now, factor]);
  const formatValue = useCallback((value: number) => formatMoney(value, sign), [sign]);
  const first = points?.[0]?.value ?? 0;
  const last = points?.at(-1)?.value ?? 0;
  const change = first === 0 ? null : ((last - first) / first) * 100;
  const summary = !points
    ? 'Loading your net worth…'
    : `Over ${rangeLabels[range]} your net worth went from ${formatMoney(first, sign)} to ${formatMoney(last, sign)}${
        change === null ? '' : ` (${change >= 0 ? '+' : ''}${change.toFixed(2)}%)`
      }.`;
  return (
    <RangeChart
      title="Net worth"
      points={points}
      range={range}
      onRange={onRange}
      stale={analytics.isPlaceholderData}
      error={analytics.isError ? analytics.error.message : null}
      summary={summary}
      formatValue={formatValue}
      testId="net-worth-chart"
    />
  );
}

import { formatMoney } from '@itrust/contracts/format';
import { useCallback, useMemo } from 'react';
import { RangeChart, rangeLabels, type ChartRange } from '../../../components/charts/range-chart';
import { changeOver, chartPoints } from '../../../components/charts/chart-points';
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
  const chartData = analytics.data?.chart_data;
  // The series is in the settlement currency; the chart shows it in the display currency.
  const amounts = useMemo(() => {
    if (!chartData) return undefined;
    const series = Object.entries(chartData).map(([time, value]) => ({
      time: Math.floor(Date.parse(time) / 1000),
      amount: convert(value),
    }));
    const last = series.at(-1);
    if (last && now !== undefined) last.amount = convert(now);
    return series;
  }, [chartData, now, convert]);
  const points = useMemo(() => chartPoints(amounts, (amount) => formatMoney(amount, sign)), [amounts, sign]);
  const formatValue = useCallback((value: number) => formatMoney(value, sign), [sign]);
  const first = amounts?.[0]?.amount;
  const last = amounts?.at(-1)?.amount;
  const summary =
    !first || !last
      ? 'Loading your net worth…'
      : `Over ${rangeLabels[range]} your net worth went from ${formatMoney(first, sign)} to ${formatMoney(last, sign)}${changeOver(first, last)}.`;
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

import { formatPrice } from '@itrust/contracts/format';
import { useCallback, useMemo } from 'react';
import { RangeChart, rangeLabels, type ChartRange } from '../../../components/charts/range-chart';
import { useHistory } from '../api/get-history';

type PriceChartProps = {
  symbol: string;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  sign: string;
  rate: number;
};

export function PriceChart({ symbol, range, onRange, sign, rate }: PriceChartProps) {
  const history = useHistory(symbol, range);
  const points = useMemo(
    () => history.data?.map((point) => ({ time: point.time, value: Number(point.value) * rate })),
    [history.data, rate],
  );
  const formatValue = useCallback((value: number) => formatPrice(value, sign), [sign]);
  const first = points?.[0]?.value ?? 0;
  const last = points?.at(-1)?.value ?? 0;
  const change = first === 0 ? 0 : ((last - first) / first) * 100;
  return (
    <RangeChart
      title="Price"
      points={points}
      range={range}
      onRange={onRange}
      stale={history.isPlaceholderData}
      error={history.isError ? history.error.message : null}
      summary={
        points && points.length > 1
          ? `Over ${rangeLabels[range]} the price went from ${formatPrice(first, sign)} to ${formatPrice(last, sign)} (${change >= 0 ? '+' : ''}${change.toFixed(2)}%).`
          : 'Loading the price history…'
      }
      formatValue={formatValue}
      testId="price-chart"
    />
  );
}

import { formatPrice } from '@itrust/contracts/format';
import { decimalOf, type Decimal } from '@itrust/contracts/money';
import { useCallback, useMemo } from 'react';
import { changeOver, chartPoints } from '../../../components/charts/chart-points';
import { RangeChart, rangeLabels, type ChartRange } from '../../../components/charts/range-chart';
import { useHistory } from '../api/get-history';

type PriceChartProps = {
  symbol: string;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  sign: string;
  rate: Decimal;
};

export function PriceChart({ symbol, range, onRange, sign, rate }: PriceChartProps) {
  const history = useHistory(symbol, range);
  const prices = useMemo(
    () => history.data?.map((point) => ({ time: point.time, amount: decimalOf(point.value).times(rate) })),
    [history.data, rate],
  );
  const points = useMemo(() => chartPoints(prices, (price) => formatPrice(price, sign)), [prices, sign]);
  const formatValue = useCallback((value: number) => formatPrice(value, sign), [sign]);
  const first = prices?.[0]?.amount;
  const last = prices?.at(-1)?.amount;
  return (
    <RangeChart
      title="Price"
      points={points}
      range={range}
      onRange={onRange}
      stale={history.isPlaceholderData}
      error={history.isError ? history.error.message : null}
      summary={
        first && last && prices.length > 1
          ? `Over ${rangeLabels[range]} the price went from ${formatPrice(first, sign)} to ${formatPrice(last, sign)}${changeOver(first, last)}.`
          : 'Loading the price history…'
      }
      formatValue={formatValue}
      testId="price-chart"
    />
  );
}

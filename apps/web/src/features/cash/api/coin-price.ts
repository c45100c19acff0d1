import type { AssetPageResponse } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { fxRatesQuery, perDollar } from '../../../lib/fx-rates';
import { decimalOf, type Decimal } from '@itrust/contracts/money';

/** The USD price of a coin and the dollar rate of the user's currency, to turn a deposit into coin units. */
export function useCoinConversion(symbol: 'BTC' | 'ETH' | null, currencyCode: string) {
  const price = useQuery({
    queryKey: ['coin-price', symbol],
    enabled: symbol !== null,
    queryFn: async () =>
      (await apiData<AssetPageResponse>(`/assets?filter[symbol]=${symbol ?? ''}`)).assets.data[0]?.price ?? null,
  });
  const rate = perDollar(useQuery(fxRatesQuery).data, currencyCode);
  const usdPrice = decimalOf(price.data);
  return {
    coinsFor: (amount: Decimal.Value): Decimal | null =>
      rate !== undefined && usdPrice.isPositive() && !usdPrice.isZero()
        ? decimalOf(amount).dividedBy(rate).dividedBy(usdPrice)
        : null,
  };
}

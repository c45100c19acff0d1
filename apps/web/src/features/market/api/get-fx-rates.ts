import { decimalOf } from '@itrust/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { fxRatesQuery, perDollar } from '../../../lib/fx-rates';
import { readStoredUser } from '../../../lib/storage-keys';

/** Prices are quoted in US dollars; the screens show them in the user's display currency at the reference rate. */
export function useDisplayCurrency() {
  return useCurrencyOf(readStoredUser()?.currency);
}

/** Prices in the settlement currency, for a trade's typed amount, which the wallet pays in it. */
export function useSettlementCurrency() {
  const user = readStoredUser();
  return useCurrencyOf(user?.settlement_currency ?? user?.currency);
}

function useCurrencyOf(currency: { code: string; sign: string } | undefined) {
  const code = currency?.code ?? 'USD';
  const rates = useQuery(fxRatesQuery);
  const rate = perDollar(rates.data, code);
  // Until the rates arrive, prices show in dollars, as quoted.
  if (rate === undefined) return { sign: '$', code: 'USD', rate: decimalOf(1), ready: false };
  return { sign: currency?.sign ?? '$', code, rate, ready: true };
}

import { formatMoney } from '@itrust/contracts/format';
import { decimalOf, type Decimal } from '@itrust/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { converter, fxRatesQuery } from './fx-rates';
import { readStoredUser } from './storage-keys';

const dollar = { code: 'USD', sign: '$' };

type Amount = Decimal.Value | null | undefined;

/**
 * The API's amounts are in the settlement currency. `money` shows one in the display currency at the
 * current reference rate (in the settlement currency until the rates arrive, never mislabelled);
 * `convert` gives it there exactly, unrounded, for sums and charts; `entered` shows an amount the
 * user types, which stays in the settlement currency.
 */
export function useMoney() {
  const user = readStoredUser();
  const display = user?.currency ?? dollar;
  const settlement = user?.settlement_currency ?? display;
  const converting = display.code !== settlement.code;
  const rates = useQuery({ ...fxRatesQuery, enabled: converting });
  // One function for as long as the rates last, so charts can keep what they worked out with it.
  const toDisplay = useMemo(
    () => converter(rates.data, settlement.code, display.code),
    [rates.data, settlement.code, display.code],
  );
  const shown = toDisplay === undefined ? settlement : display;
  const convert = toDisplay ?? decimalOf;
  return {
    sign: shown.sign,
    convert,
    money: (amount: Amount) => formatMoney(convert(amount), shown.sign),
    settlement: { code: settlement.code, sign: settlement.sign },
    entered: (amount: Amount) => formatMoney(amount, settlement.sign),
  };
}

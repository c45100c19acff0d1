import { formatMoney, parseNumber } from '@itrust/contracts/format';
import { useQuery } from '@tanstack/react-query';
import { conversionFactor, fxRatesQuery } from './fx-rates';
import { readStoredUser } from './storage-keys';

const dollar = { code: 'USD', sign: '$' };

/**
 * The API's amounts are in the settlement currency. `money` shows one in the display currency at the
 * current reference rate (in the settlement currency until the rates arrive, never mislabelled);
 * `entered` shows an amount the user types, which stays in the settlement currency.
 */
export function useMoney() {
  const user = readStoredUser();
  const display = user?.currency ?? dollar;
  const settlement = user?.settlement_currency ?? display;
  const converting = display.code !== settlement.code;
  const rates = useQuery({ ...fxRatesQuery, enabled: converting });
  const factor = conversionFactor(rates.data, settlement.code, display.code);
  const shown = factor === undefined ? settlement : display;
  const convert = (amount: string | number | null | undefined) => parseNumber(amount) * (factor ?? 1);
  return {
    sign: shown.sign,
    convert,
    money: (amount: string | number | null | undefined) => formatMoney(convert(amount), shown.sign),
    settlement: { code: settlement.code, sign: settlement.sign },
    entered: (amount: string | number | null | undefined) => formatMoney(amount, settlement.sign),
  };
}

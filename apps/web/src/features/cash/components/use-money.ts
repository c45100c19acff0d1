import { formatMoney } from '@itrust/contracts/format';
import { readStoredUser } from '../../../lib/storage-keys';

/** Amounts are in the account's currency; they show with its sign. */
export function useMoney() {
  const user = readStoredUser();
  const sign = user?.currency.sign ?? '$';
  return {
    sign,
    code: user?.currency.code ?? 'USD',
    money: (amount: string | number | null | undefined) => formatMoney(amount, sign),
  };
}

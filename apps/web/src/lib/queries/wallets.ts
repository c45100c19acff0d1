import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInclude } from './get-user';

// The admin screens still import these two from here.
export type { PaymentMethod, Transaction } from '@itrust/contracts';

export type WalletKind = 'cash' | 'auto' | 'brokerage';

export const walletsQuery = () =>
  queryOptions({
    queryKey: ['wallets'],
    queryFn: () => userInclude('wallet'),
  });
export const useWallets = () => useQuery(walletsQuery());

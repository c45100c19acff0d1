import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInclude } from './get-user';

export type WalletKind = 'cash' | 'auto' | 'brokerage';

export const walletsQuery = () =>
  queryOptions({
    queryKey: ['wallets'],
    queryFn: () => userInclude('wallet'),
  });
export const useWallets = () => useQuery(walletsQuery());

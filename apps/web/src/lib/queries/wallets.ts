import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';

export type Transaction = {
  id: string;
  type: 'credit' | 'debit' | 'transfer' | 'interest';
  status: 'pending' | 'approved' | 'cancelled' | 'declined';
  amount: string;
  currency: string;
  reference: string;
  mode: string | null;
  coin: string | null;
  address: string | null;
  comment: string | null;
  swap_from: string | null;
  swap_to: string | null;
  created_at: string;
};

export type WalletFigures = { balance: string; held: string; available: string };
/** An investing wallet also counts its positions at market value, and how that moved in 24 hours. */
export type InvestingWallet = WalletFigures & { total: string; '24hr_pl': string; '24hr_pl_percentage': string };
export type Wallets = {
  cash: WalletFigures & { total_networth: string };
  auto: InvestingWallet;
  brokerage: InvestingWallet;
};

export type PaymentMethod = {
  id: string;
  type: 'bank' | 'crypto';
  label: string | null;
  currency: string | null;
  wallet_address: string | null;
  account_number: string | null;
  account_name: string | null;
  bank_name: string | null;
  routing_number: string | null;
  bank_address: string | null;
};

export type WalletKind = 'cash' | 'auto' | 'brokerage';

export const walletsQuery = () =>
  queryOptions({
    queryKey: ['wallets'],
    queryFn: async () => (await apiData<{ user: { wallet: Wallets } }>('/user?include=wallet')).user.wallet,
  });
export const useWallets = () => useQuery(walletsQuery());

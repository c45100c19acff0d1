import type { Page } from '@itrust/contracts';
import type { SavingsGoal, SavingsHorizon } from '@itrust/contracts/savings-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { periodParams, type Period } from '../../../lib/period';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export type SavingsOffering = {
  id: number;
  name: string;
  title: string;
  note: string;
  annual_rate_percentage: string;
  annual_limit: string | null;
};

export type UserSavings = {
  id: string;
  savings_account_id: number;
  savings_account: { id: number; name: string; title: string };
  balance: string;
  total_savings: string;
  total_savings_return: string;
  total_savings_24hr: string;
  return_percentage: string;
  annual_rate_percentage: string;
  annual_limit: string | null;
  contribution_room: string | null;
  contribution_year: number;
  created_at: string;
};

export type SavingsHistoryRow = {
  id: string;
  savings: { savings_account: { id: number; name: string; title: string } };
  method: 'contribution' | 'cashout';
  type: 'credit' | 'debit';
  amount: string;
  created_at: string;
};

export const offeringsQuery = (goal: SavingsGoal, horizon: SavingsHorizon) =>
  queryOptions({
    queryKey: ['savings-offerings', goal, horizon],
    queryFn: async () =>
      (
        await apiData<{ accounts: SavingsOffering[] }>(
          `/user/savings-accounts?goal=${encodeURIComponent(goal)}&horizon=${encodeURIComponent(horizon)}`,
        )
      ).accounts,
    placeholderData: keepPreviousData,
  });
export const useOfferings = (goal: SavingsGoal, horizon: SavingsHorizon) => useQuery(offeringsQuery(goal, horizon));

export const mySavingsQuery = () =>
  queryOptions({
    queryKey: ['savings'],
    queryFn: async () => (await apiData<{ user: { savings: UserSavings[] } }>('/user?include=savings')).user.savings,
  });
export const useMySavings = () => useQuery(mySavingsQuery());

export const savingsHistoryQuery = (page: number, perPage: number, period?: Period) =>
  queryOptions({
    queryKey: ['savings-history', page, perPage, period],
    queryFn: async () =>
      (
        await apiData<{ savings_history: Page<SavingsHistoryRow> }>(
          `/user/savings-accounts/history?page=${page}&per_page=${perPage}${periodParams(period)}`,
        )
      ).savings_history,
    placeholderData: keepPreviousData,
  });
export const useSavingsHistory = (page: number, perPage: number, period?: Period) =>
  useQuery(savingsHistoryQuery(page, perPage, period));

/** After savings move, the accounts, their history, the cash wallet and the totals are read again. */
const afterSavingsMove = ['savings', 'savings-history', 'savings-offerings', 'wallets', 'transactions', 'analytics'];

export const useOpenSavings = () =>
  useRefreshingMutation(
    (savingsAccountId: number) =>
      apiRequest<unknown>('/user/savings-accounts/store', {
        method: 'POST',
        body: { savings_account_id: savingsAccountId },
      }),
    afterSavingsMove,
  );

export const useMoveSavings = (method: 'contribution' | 'cashout') =>
  useIdempotentMutation(
    (body: { savings_account_id: number; amount: string }, headers) =>
      apiRequest<unknown>(`/user/savings-accounts/${method === 'contribution' ? 'credit' : 'debit'}`, {
        method: 'POST',
        body: { ...body, method },
        headers,
      }),
    afterSavingsMove,
  );

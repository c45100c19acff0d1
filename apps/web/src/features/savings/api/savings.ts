import type {
  SavingsHistoryResponse,
  SavingsMovementResponse,
  SavingsOfferingsResponse,
  SavingsOpenedResponse,
} from '@itrust/contracts';
import type { SavingsGoal, SavingsHorizon } from '@itrust/contracts/savings-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { periodParams, type Period } from '../../../lib/period';
import { userInclude } from '../../../lib/queries/get-user';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export const offeringsQuery = (goal: SavingsGoal, horizon: SavingsHorizon) =>
  queryOptions({
    queryKey: ['savings-offerings', goal, horizon],
    queryFn: async () =>
      (
        await apiData<SavingsOfferingsResponse>(
          `/user/savings-accounts?goal=${encodeURIComponent(goal)}&horizon=${encodeURIComponent(horizon)}`,
        )
      ).accounts,
    placeholderData: keepPreviousData,
  });
export const useOfferings = (goal: SavingsGoal, horizon: SavingsHorizon) => useQuery(offeringsQuery(goal, horizon));

export const mySavingsQuery = () =>
  queryOptions({
    queryKey: ['savings'],
    queryFn: () => userInclude('savings'),
  });
export const useMySavings = () => useQuery(mySavingsQuery());

export const savingsHistoryQuery = (page: number, perPage: number, period?: Period) =>
  queryOptions({
    queryKey: ['savings-history', page, perPage, period],
    queryFn: async () =>
      (
        await apiData<SavingsHistoryResponse>(
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
      apiRequest<SavingsOpenedResponse>('/user/savings-accounts/store', {
        method: 'POST',
        body: { savings_account_id: savingsAccountId },
      }),
    afterSavingsMove,
  );

export const useMoveSavings = (method: 'contribution' | 'cashout') =>
  useIdempotentMutation(
    (body: { savings_account_id: number; amount: string }, headers) =>
      apiRequest<SavingsMovementResponse>(`/user/savings-accounts/${method === 'contribution' ? 'credit' : 'debit'}`, {
        method: 'POST',
        body: { ...body, method },
        headers,
      }),
    afterSavingsMove,
  );

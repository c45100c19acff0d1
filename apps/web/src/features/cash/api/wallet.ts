import type {
  AutoResponse,
  PaymentMethodListResponse,
  PaymentMethodResponse,
  Transaction,
  TransactionListResponse,
  TransactionResponse,
} from '@itrust/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { periodParams, type Period } from '../../../lib/period';
import { analyticsQuery } from '../../../lib/queries/analytics';
import { useIdempotentMutation, type IdempotencyHeaders } from '../../../lib/use-idempotent-mutation';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import type { WalletKind } from '../../../lib/queries/wallets';

export type TransactionSort = 'type' | 'amount' | 'created_at' | 'status';
export type TransactionPage = {
  page: number;
  perPage: number;
  sort: TransactionSort | null;
  descending: boolean;
  period?: Period | undefined;
};
export const transactionsQuery = ({ page, perPage, sort, descending, period }: TransactionPage) =>
  queryOptions({
    queryKey: ['transactions', page, perPage, sort, descending, period],
    queryFn: async () =>
      (
        await apiData<TransactionListResponse>(
          `/user/transaction/fetch?page=${page}&per_page=${perPage}${sort ? `&sort=${descending ? '-' : ''}${sort}` : ''}${periodParams(period)}`,
        )
      ).transactions,
    placeholderData: keepPreviousData,
  });
export const useTransactions = (options: TransactionPage) => useQuery(transactionsQuery(options));

/** Deposited and withdrawn totals come with the analytics summary. */
export const useTotals = () => useQuery(analyticsQuery('1d'));

export const paymentMethodsQuery = (type: 'bank' | 'crypto') =>
  queryOptions({
    queryKey: ['payment-methods', type],
    queryFn: async () =>
      (await apiData<PaymentMethodListResponse>(`/user/payment-method?filter[type]=${type}&filter[is_withdrawal]=true`))
        .payment_methods.data,
  });
export const usePaymentMethods = (type: 'bank' | 'crypto') => useQuery(paymentMethodsQuery(type));

/**
 * What a transfer can take out of automated investing: its cash and its holdings sold at current
 * prices; null while a price is missing. Asked only of an approved identity, the only kind that invests.
 */
export const autoMovableQuery = (approved: boolean) =>
  queryOptions({
    queryKey: ['auto', 'movable'],
    queryFn: async () => (await apiData<AutoResponse>('/user/auto')).auto.movable,
    enabled: approved,
  });

/** After money moves, balances, history and totals are read again. */
const afterMoneyMoves = ['wallets', 'transactions', 'analytics', 'user', 'payment-methods', 'auto'] as const;
/**
 * A money-moving request of the given type. Every one carries an Idempotency-Key: a retry after a
 * lost response never moves money twice.
 */
const useMoneyRequest = <T extends object>(path: string, type: Transaction['type']) =>
  useIdempotentMutation(
    (body: T, headers: IdempotencyHeaders) =>
      apiRequest<TransactionResponse>(path, { method: 'POST', body: { ...body, type }, headers }),
    afterMoneyMoves,
  );

export const useDeposit = () =>
  useMoneyRequest<{ amount: string; mode: 'crypto' | 'bank'; coin?: string }>('/user/transaction/deposit', 'credit');
export const useWithdraw = () =>
  useMoneyRequest<{ amount: string; payment_method_id: string; mode: string }>('/user/transaction/withdraw', 'debit');
export const useSwap = () =>
  useMoneyRequest<{ amount: string; from: WalletKind; to: WalletKind }>('/user/transaction/swap', 'transfer');

export const useCancelTransaction = () =>
  useIdempotentMutation(
    (transaction: Transaction, headers) =>
      apiRequest<TransactionResponse>(`/user/transaction/cancel/${transaction.id}`, {
        method: 'POST',
        body: {},
        headers,
      }),
    afterMoneyMoves,
  );

export const useSavePaymentMethod = () =>
  useRefreshingMutation(
    (body: Record<string, string>) =>
      apiRequest<PaymentMethodResponse>('/user/payment-method', { method: 'POST', body }),
    afterMoneyMoves,
  );

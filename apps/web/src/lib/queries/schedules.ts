import type { Schedule, ScheduleFrequency } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../api-client';
import { useIdempotentMutation } from '../use-idempotent-mutation';
import type { WalletKind } from './wallets';

/** The caller's recurring buys and scheduled transfers, with their next and latest runs. */
export const schedulesQuery = () =>
  queryOptions({
    queryKey: ['schedules'],
    queryFn: async () => (await apiData<{ schedules: Schedule[] }>('/user/schedules')).schedules,
  });
export const useSchedules = () => useQuery(schedulesQuery());

export type NewSchedule = {
  amount: string;
  frequency: ScheduleFrequency;
  startOn: string;
} & ({ kind: 'buy'; assetId: number } | { kind: 'transfer'; from: WalletKind; to: WalletKind });

/** The time zone the plan's runs keep: the browser's, which is where the investor is. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Today in the browser's time zone, as the date input and the API write it. */
export const localToday = () => new Date().toLocaleDateString('en-CA');

export const useCreateSchedule = () =>
  useIdempotentMutation(
    (plan: NewSchedule, headers) =>
      apiRequest<{ schedule: Schedule }>('/user/schedules', {
        method: 'POST',
        body: {
          kind: plan.kind,
          ...(plan.kind === 'buy' ? { asset_id: plan.assetId } : { from: plan.from, to: plan.to }),
          amount: plan.amount,
          frequency: plan.frequency,
          start_on: plan.startOn,
          time_zone: browserTimeZone(),
        },
        headers,
      }),
    ['schedules'],
  );

export type ScheduleChange = { id: string; amount?: string; frequency?: ScheduleFrequency; paused?: boolean };

export const useChangeSchedule = () =>
  useIdempotentMutation(
    ({ id, ...change }: ScheduleChange, headers) =>
      apiRequest<{ schedule: Schedule }>(`/user/schedules/${id}`, { method: 'PATCH', body: change, headers }),
    ['schedules'],
  );

export const useDeleteSchedule = () =>
  useIdempotentMutation(
    (id: string, headers) => apiRequest<{ schedule: Schedule }>(`/user/schedules/${id}`, { method: 'DELETE', headers }),
    ['schedules'],
  );

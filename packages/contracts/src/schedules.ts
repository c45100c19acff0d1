import { z } from 'zod';
import { asset } from './market.ts';

/**
 * What runs on a schedule: a market buy of one asset from the brokerage wallet, or a transfer between
 * two of the user's own wallets.
 */
export const scheduleKinds = ['buy', 'transfer'] as const;
export const scheduleKind = z.enum(scheduleKinds);
export const scheduleFrequencies = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export const scheduleFrequency = z.enum(scheduleFrequencies);
export const scheduleStatuses = ['active', 'paused'] as const;
export const scheduleStatus = z.enum(scheduleStatuses);
/** How a slot ended: it ran, or it was skipped for one of the reasons below. */
export const scheduleRunOutcomes = ['done', 'skipped'] as const;
export const scheduleSkipReasons = ['insufficient_funds', 'too_small', 'missed', 'unavailable'] as const;
export const scheduleSkipReason = z.enum(scheduleSkipReasons);

export type ScheduleKind = z.infer<typeof scheduleKind>;
export type ScheduleFrequency = z.infer<typeof scheduleFrequency>;
export type ScheduleSkipReason = z.infer<typeof scheduleSkipReason>;

/** Each slot runs at this time of day, in the schedule's time zone. */
export const scheduleRunTime = '10:00';
/** A slot the app was down for runs when it is back if it is at most this late; otherwise it is skipped. */
export const scheduleLateHours = 24;

export const scheduleFrequencyLabels: Record<ScheduleFrequency, string> = {
  daily: 'Every day',
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
};

export const scheduleSkipLabels: Record<ScheduleSkipReason, string> = {
  insufficient_funds: 'There was not enough money in the wallet',
  too_small: 'At the price then, the amount bought less than the smallest unit',
  missed: 'Itrust was not running at the time, and it was more than a day late',
  unavailable: 'The asset could not be traded at the time',
};

export const scheduleRefusals = {
  noSchedule: 'No such recurring plan.',
  timeZone: 'Choose a valid time zone.',
  startInPast: 'The first run cannot be before today.',
  sameWallet: 'Choose two different wallets to transfer between.',
  assetRequired: 'Choose the asset to buy.',
  walletsRequired: 'Choose the wallets to transfer from and to.',
} as const;

const scheduleAsset = asset.pick({ id: true, name: true, symbol: true, img: true, type: true });
const userWallet = z.enum(['cash', 'auto', 'brokerage']);
/** One of the user's own three wallets. */
export type UserWallet = z.infer<typeof userWallet>;

export const scheduleRun = z.object({
  slot: z.string(),
  outcome: z.enum(scheduleRunOutcomes),
  reason: scheduleSkipReason.nullable(),
  ran_at: z.string(),
});

/** A recurring buy or a scheduled transfer, with its next run and its last few runs. */
export const schedule = z.object({
  id: z.string(),
  kind: scheduleKind,
  asset: scheduleAsset.nullable(),
  from_wallet: userWallet.nullable(),
  to_wallet: userWallet.nullable(),
  amount: z.string(),
  frequency: scheduleFrequency,
  start_on: z.string(),
  time_zone: z.string(),
  status: scheduleStatus,
  next_run_at: z.string().nullable(),
  runs: z.array(scheduleRun),
  created_at: z.string(),
});
export type Schedule = z.infer<typeof schedule>;

export const scheduleResponse = z.object({ schedule });
export const scheduleListResponse = z.object({ schedules: z.array(schedule) });

import { z } from 'zod';

const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/** The history filters: a calendar month or a single day, in UTC. */
export const periodQuery = {
  'filter[month]': z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-11.')
    .optional(),
  'filter[date]': z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.')
    .refine(isRealDate, 'That date does not exist.')
    .optional(),
};

export type Period = { from: Date; to: Date };

/** The day when one is given (it is the narrower search), else the month, else no limit. */
export function periodOf(query: { 'filter[month]'?: string | undefined; 'filter[date]'?: string | undefined }) {
  const date = query['filter[date]'];
  if (date) {
    const from = new Date(`${date}T00:00:00Z`);
    return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
  }
  const month = query['filter[month]'];
  if (month) {
    const [year, index] = month.split('-').map(Number) as [number, number];
    return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
  }
  return undefined;
}

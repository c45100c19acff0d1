/** A history filter: a calendar month (YYYY-MM) or a single day (YYYY-MM-DD), in UTC as the server reads them. */
export type Period = { month?: string; date?: string };

export const periodParams = (period: Period | undefined) =>
  period?.date ? `&filter[date]=${period.date}` : period?.month ? `&filter[month]=${period.month}` : '';

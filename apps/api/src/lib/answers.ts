import { successEnvelope } from '@itrust/contracts';
import { z } from 'zod';

/** The body of every successful answer. */
export const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });

/** The answer schema of a route that sends no data. */
export const noData = successEnvelope(z.object({}));

/** The `page` and `per_page` query fields of a list. */
export const paging = (perPage: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(perPage),
});

/** A page of a list, as every list endpoint answers it. */
export const pageOf = <T>(data: T[], page: number, perPage: number, total: number) => ({
  data,
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

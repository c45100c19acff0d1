import { emptyResponse, successEnvelope } from '@itrust/contracts';
import { z } from 'zod';

export const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });

export const noData = successEnvelope(emptyResponse);

export const paging = (perPage: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(perPage),
});

export const pageOf = <T>(data: T[], page: number, perPage: number, total: number) => ({
  data,
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

import { z } from 'zod';
import { authOf } from '../../plugins/auth.ts';
import type { Operator } from './admin.service.ts';

export const tags = ['operators'];
export const paging = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};
export const reason = z.object({
  reason: z
    .string({ error: 'Give the reason: the investor reads it.' })
    .trim()
    .min(3, 'Give the reason: the investor reads it.')
    .max(500),
});
export const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });
export const page = <T>(data: T[], current: number, perPage: number, total: number) => ({
  data,
  current_page: current,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});
export const operatorOf = (request: Parameters<typeof authOf>[0]): Operator => ({
  id: authOf(request).userId,
  clientAddress: request.ip,
});

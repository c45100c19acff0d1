import { z } from 'zod';
import { paging as pagingFields } from '../../lib/responses.ts';
import { authOf } from '../../plugins/auth.ts';
import type { Operator } from './admin.service.ts';

export const tags = ['operators'];
export const paging = pagingFields(20);
export const reason = z.object({
  reason: z
    .string({ error: 'Give the reason: the investor reads it.' })
    .trim()
    .min(3, 'Give the reason: the investor reads it.')
    .max(500),
});
export const operatorOf = (request: Parameters<typeof authOf>[0]): Operator => ({
  id: authOf(request).userId,
  clientAddress: request.ip,
});

import { z } from 'zod';

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data });

export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
export type SuccessEnvelope<T> = { status: 'success'; message: string; data: T };

export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

/** A download's response: a CSV file rather than an envelope. */
export const csvResponse = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });

/** The `data` of a response that carries only its message. */
export const emptyResponse = z.object({});
export type EmptyResponse = z.infer<typeof emptyResponse>;

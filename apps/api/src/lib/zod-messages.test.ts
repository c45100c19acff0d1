import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { usePlainMessages } from './zod-messages.ts';

beforeAll(() => usePlainMessages());

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

it('says what is wrong in a sentence where a schema gives no message of its own', () => {
  expect(messageOf(z.string(), undefined)).toBe('This field is required.');
  expect(messageOf(z.string(), null)).toBe('This field is required.');
  expect(messageOf(z.string(), 12)).toBe('Enter text.');
  expect(messageOf(z.number(), 'twelve')).toBe('Enter a number.');
  expect(messageOf(z.string().min(1), '')).toBe('This field is required.');
  expect(messageOf(z.string().min(8), 'short')).toBe('At least 8 characters.');
  expect(messageOf(z.string().max(3), 'long')).toBe('At most 3 characters.');
  expect(messageOf(z.number().min(1), 0)).toBe('At least 1.');
  expect(messageOf(z.number().max(100), 101)).toBe('At most 100.');
  expect(messageOf(z.number().positive(), 0)).toBe('More than 0.');
  expect(messageOf(z.enum(['bank', 'crypto']), 'card')).toBe('Choose one of: bank, crypto.');
  expect(messageOf(z.email(), 'ada@')).toBe('Enter a valid email address.');
  expect(messageOf(z.uuid(), 'abc')).toBe('This id is not valid.');
  expect(messageOf(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toBe('Unknown field: b.');
});

it('leaves a schema’s own message alone', () => {
  expect(messageOf(z.string().max(3, 'Three at most!'), 'long')).toBe('Three at most!');
  expect(messageOf(z.string({ error: 'Name required!' }), undefined)).toBe('Name required!');
});

import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { ValidationFailed } from '../../lib/errors.ts';
import { wireNumber } from '../../lib/wire-number.ts';
import { approvedUserOf } from '../../plugins/auth.ts';
import type { FastifyRequest } from 'fastify';

export const tags = ['trading'];

export const assetId = z.coerce
  .number({ error: 'Select an asset!' })
  .int('Select an asset!')
  .positive('Select an asset!');
const exitNames = { tp: 'The take-profit price', sl: 'The stop-loss price' } as const;
const notAQuantity = (what: string) => `${what} must be a positive number with at most 8 decimals.`;
export const quantityWire = wireNumber(notAQuantity('The quantity'));
export const exitWire = (field: keyof typeof exitNames) => wireNumber(notAQuantity(exitNames[field])).nullish();

/** Quantities and prices: positive, at most 8 decimals. */
export function quantityFrom(input: unknown, field = 'quantity', what = 'The quantity'): Decimal {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (!/^\d+(\.\d{1,8})?$/.test(text) || new Decimal(text).lte(0))
    throw new ValidationFailed({ [field]: [notAQuantity(what)] });
  if (new Decimal(text).gt('1000000000000')) throw new ValidationFailed({ [field]: [`${what} is too large.`] });
  return new Decimal(text);
}
export const optionalPrice = (input: unknown, field: keyof typeof exitNames) =>
  input === undefined || input === null || input === '' ? undefined : quantityFrom(input, field, exitNames[field]);

export const approved = (request: FastifyRequest) => approvedUserOf(request, 'Verify your identity before you trade.');

import { ungrouped } from '@itrust/contracts/money';
import { Decimal } from 'decimal.js';
import { ValidationFailed } from './errors.ts';

/** Largest amount one request may move: above this the request is surely a mistake. */
export const maximumAmount = new Decimal('1000000000');

export const amountMessages = {
  invalid: 'The amount must be a number with at most 2 decimals, like 1250.00.',
  notPositive: 'The amount must be greater than 0.',
  tooLarge: 'The amount is too large.',
} as const;

/**
 * Reads an amount from the wire: a decimal string (a JSON number is read by its text) with at
 * most two decimals, else a 422 on `amount`. Floats never touch money: everything after this is
 * Decimal or numeric.
 */
export function amountFrom(input: unknown): Decimal {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? (ungrouped(input) ?? '') : '';
  const refuse = (message: string) => new ValidationFailed({ amount: [message] });
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw refuse(amountMessages.invalid);
  const amount = new Decimal(text);
  if (amount.decimalPlaces() > 2) throw refuse(amountMessages.invalid);
  if (amount.lte(0)) throw refuse(amountMessages.notPositive);
  if (amount.gt(maximumAmount)) throw refuse(amountMessages.tooLarge);
  return amount;
}

export { toMoney } from '@itrust/contracts/money';

/** '236.0000000000' → '236.00', '0.0000190000' → '0.000019': trailing zeros go, two decimals stay. */
export function decimalString(value: string, minimumDecimals = 2): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(minimumDecimals, '0');
  return `${whole}.${trimmed}`;
}

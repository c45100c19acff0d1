import { describe, expect, it } from 'vitest';
import { moneyOf, percentOf, sumMoney, toMoney } from './money.ts';

describe('money text', () => {
  it('reads amounts exactly, thousands separators allowed', () => {
    expect(moneyOf('1,250.5')?.toFixed()).toBe('1250.5');
    expect(moneyOf(' 0.01 ')?.toFixed()).toBe('0.01');
    expect(moneyOf('-3.07')?.toFixed()).toBe('-3.07');
    expect(moneyOf('123456789012345678901234.12')?.toFixed()).toBe('123456789012345678901234.12');
  });

  it.each(['', '10,00', '1.005', '1.234', '.5', '1e5', 'abc', null, undefined])('answers null for %j', (text) =>
    expect(moneyOf(text)).toBeNull(),
  );

  it('writes two decimals, to the nearest cent, halves away from zero', () => {
    expect(toMoney('0')).toBe('0.00');
    expect(toMoney('7')).toBe('7.00');
    expect(toMoney('1234.995')).toBe('1235.00');
    expect(toMoney('-1234.995')).toBe('-1235.00');
    expect(toMoney('2.004999')).toBe('2.00');
    expect(toMoney('-0.004')).toBe('0.00');
    expect(toMoney('1234567890123456789.01')).toBe('1234567890123456789.01');
  });

  it('sums without the float error of 0.1 + 0.2', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['36512.00', '-12.01', '5500.99'])).toBe('42000.98');
    expect(sumMoney(['99999999999999999999.99', '0.01'])).toBe('100000000000000000000.00');
  });
});

describe('percentOf', () => {
  it('gives a percentage to two places, halves away from zero', () => {
    expect(percentOf('60.00', '5380.00')).toBe('1.12');
    expect(percentOf('0.01', '200.00')).toBe('0.01');
    expect(percentOf('-0.01', '200.00')).toBe('-0.01');
    expect(percentOf('0.01', '-200.00')).toBe('-0.01');
    expect(percentOf('0.01', '200.01')).toBe('0.00');
    expect(percentOf('-0.01', '200.01')).toBe('0.00');
    expect(percentOf('-0.05', '0.00')).toBe('0.00');
    expect(percentOf('3.00', '1.00')).toBe('300.00');
  });

  it('rounds the exact quotient, where decimal.js at its default 20 digits would round twice', () => {
    expect(percentOf('1.124999999999999999999', '100')).toBe('1.12');
  });
});

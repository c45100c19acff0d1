import { describe, expect, it } from 'vitest';
import { convertMoney, decimalOf, ExactDecimal, moneyOf, percentOf, sumMoney, toMoney, ungrouped } from './money.ts';

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

describe('ungrouped', () => {
  it('drops commas only where they group thousands', () => {
    expect(ungrouped(' 1,250.50 ')).toBe('1250.50');
    expect(ungrouped('12,345,678')).toBe('12345678');
    expect(ungrouped('-1,000')).toBe('-1000');
    expect(ungrouped('1250.50')).toBe('1250.50');
  });

  it.each(['10,00', '1,00,000', '1,2345', ',500', '1,000,', '12.345,67'])('will not guess at %s', (text) =>
    expect(ungrouped(text)).toBeNull(),
  );
});

describe('decimalOf', () => {
  it('reads API text, typed text and numbers exactly, anything else as 0', () => {
    expect(decimalOf('1,250.50').toFixed()).toBe('1250.5');
    expect(decimalOf('0.9234567891').toFixed()).toBe('0.9234567891');
    expect(decimalOf('12345678901234567.89').toFixed()).toBe('12345678901234567.89');
    expect(decimalOf(0.1).toFixed()).toBe('0.1');
    expect(decimalOf(new ExactDecimal('2.5')).toFixed()).toBe('2.5');
  });

  it.each(['abc', '', '10,00', '1.2.3', null, undefined, Number.NaN])('reads %j as 0', (value) =>
    expect(decimalOf(value).toFixed()).toBe('0'),
  );
});

describe('convertMoney', () => {
  it('multiplies before it divides, so an exact half cent rounds up', () => {
    // 3.015 × 1 ÷ 3 is 1.005 exactly; times a rounded 1 ÷ 3 it would fall just under.
    expect(toMoney(convertMoney('3.015', '3', '1'))).toBe('1.01');
    expect(toMoney(convertMoney('2.30', '0.92', '0.79'))).toBe('1.98');
    expect(toMoney(convertMoney('-2.30', '0.92', '0.79'))).toBe('-1.98');
  });
});

describe('percentOf to other places', () => {
  it('rounds the exact quotient once', () => {
    expect(percentOf('49.00', '400.00', 1)).toBe('12.3');
    expect(percentOf('12.49', '100.00', 1)).toBe('12.5');
    expect(percentOf('1', '0', 1)).toBe('0.0');
  });
});

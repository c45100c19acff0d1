import { describe, expect, it } from 'vitest';
import { fromCents, sumMoney, toCents } from './money.ts';

describe('money text', () => {
  it('reads and writes cents exactly', () => {
    expect(toCents('1250.5')).toBe(125050n);
    expect(toCents('-3.07')).toBe(-307n);
    expect(toCents('0')).toBe(0n);
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(7n)).toBe('0.07');
    expect(fromCents(100n)).toBe('1.00');
    expect(fromCents(-100n)).toBe('-1.00');
    expect(fromCents(123456789012345678901n)).toBe('1234567890123456789.01');
    expect(() => toCents('1.234')).toThrow();
  });

  it('sums without the float error of 0.1 + 0.2', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['36512.00', '-12.01', '5500.99'])).toBe('42000.98');
  });
});

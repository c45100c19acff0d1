import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { percentOf, roundUnits, toUnits } from './fixed-point.ts';

describe('fixed-point units', () => {
  it('reads decimal text exactly at a scale', () => {
    expect(toUnits('187.25', 10)).toBe(1_872_500_000_000n);
    expect(toUnits('-0.5', 2)).toBe(-50n);
    expect(toUnits('3', 8)).toBe(300_000_000n);
    expect(toUnits('0.00000001', 8)).toBe(1n);
    expect(toUnits('123456789012345678901234.12', 2)).toBe(12345678901234567890123412n);
  });

  it('refuses text that is not a decimal or has more places than the scale', () => {
    for (const text of ['', 'abc', '1e5', '1.2.3', '.5', '1.234']) expect(() => toUnits(text, 2)).toThrow();
  });

  it('rounds to the nearest unit, halves away from zero, as decimal.js ROUND_HALF_UP does', () => {
    expect(roundUnits(12_345n, 3, 2)).toBe(1_235n);
    expect(roundUnits(12_344n, 3, 2)).toBe(1_234n);
    expect(roundUnits(-12_345n, 3, 2)).toBe(-1_235n);
    expect(roundUnits(-12_344n, 3, 2)).toBe(-1_234n);
    expect(roundUnits(7n, 2, 2)).toBe(7n);
    const samples = ['1.23456789', '0.5', '2.5', '-2.5', '1234.99500001', '0.004999'];
    for (const text of samples)
      expect(roundUnits(toUnits(text, 8), 8, 2)).toBe(
        BigInt(new Decimal(text).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).times(100).toFixed(0)),
      );
  });

  it('multiplies exactly where decimal.js at its default 20 digits rounds', () => {
    const quantity = toUnits('12345.12345678', 8);
    const price = toUnits('45678.1234567891', 10);
    // 563902073.348099857151425098 exactly (Python's decimal at 60 digits agrees).
    expect(quantity * price).toBe(563902073348099857151425098n);
    expect(new Decimal('12345.12345678').times('45678.1234567891').toFixed(18)).toBe('563902073.348099857150000000');
  });

  it('gives a percentage to two places exactly as decimal.js does, halves away from zero', () => {
    expect(percentOf(6_000n, 538_000n)).toBe('1.12');
    expect(percentOf(1n, 20_000n)).toBe('0.01');
    expect(percentOf(-1n, 20_000n)).toBe('-0.01');
    expect(percentOf(1n, -20_000n)).toBe('-0.01');
    expect(percentOf(1n, 20_001n)).toBe('0.00');
    expect(percentOf(-1n, 20_001n)).toBe('0.00');
    expect(percentOf(-5n, 0n)).toBe('0.00');
    expect(percentOf(300n, 100n)).toBe('300.00');
    // Random amounts against decimal.js's division (20 significant digits, then rounded).
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let index = 0; index < 2_000; index += 1) {
      const part = BigInt(next() % 2_000_001) - 1_000_000n;
      const whole = BigInt(next() % 20_000_001) - 10_000_000n;
      const expected =
        whole === 0n
          ? '0.00'
          : new Decimal(part.toString())
              .dividedBy(whole.toString())
              .times(100)
              .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
              .toFixed(2);
      expect(percentOf(part, whole), `${part} / ${whole}`).toBe(expected);
    }
  });
});

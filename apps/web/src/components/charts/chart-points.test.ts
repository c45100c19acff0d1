import { decimalOf } from '@itrust/contracts/money';
import { describe, expect, it } from 'vitest';
import { changeOver, chartPoints } from './chart-points';

describe('changeOver', () => {
  it('rounds the exact change once, halves away from zero', () => {
    // As floats, (80.1 - 80) / 80 * 100 is 0.12499999999999289, which toFixed(2) shows as 0.12.
    expect(changeOver(decimalOf('80.00'), decimalOf('80.10'))).toBe(' (+0.13%)');
    expect(changeOver(decimalOf('80.10'), decimalOf('80.00'))).toBe(' (-0.12%)');
    expect(changeOver(decimalOf('100.00'), decimalOf('100.00'))).toBe(' (+0.00%)');
    expect(changeOver(decimalOf('0.00'), decimalOf('5.00'))).toBe('');
  });
});

describe('chartPoints', () => {
  it('labels each point from its exact amount and places it by its number', () => {
    const points = chartPoints([{ time: 1, amount: decimalOf('12345678901234567.89') }], (amount) => amount.toFixed(2));
    expect(points).toEqual([{ time: 1, value: 12345678901234568, label: '12345678901234567.89' }]);
    expect(chartPoints(undefined, String)).toBeUndefined();
  });
});

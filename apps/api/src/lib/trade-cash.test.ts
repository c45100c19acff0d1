import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belowOneCent, purchaseCost, saleProceeds, tradeValue } from './trade-cash.ts';

describe('the cash of a trade', () => {
  it('rounds a purchase up and a sale down, to the cent', () => {
    const value = tradeValue('0.00500100', '1');
    expect(value.toString()).toBe('0.005001');
    expect(purchaseCost(value).toFixed(2)).toBe('0.01');
    expect(saleProceeds(value).toFixed(2)).toBe('0.00');
    expect(saleProceeds(tradeValue('3', '110.005')).toFixed(2)).toBe('330.01');
    expect(purchaseCost(tradeValue('3', '110.005')).toFixed(2)).toBe('330.02');
    expect(purchaseCost(tradeValue('2', '50')).toFixed(2)).toBe('100.00');
  });

  it('multiplies exactly where twenty digits would round the product', () => {
    const value = tradeValue('999999999999.99999999', '1.0000000001');
    expect(value.toFixed()).toBe('1000000000099.999999989999999999');
    expect(new Decimal('999999999999.99999999').times('1.0000000001').toFixed()).not.toBe(value.toFixed());
    expect(purchaseCost(tradeValue('0.00000001', '1000000.0000000001')).toFixed(2)).toBe('0.02');
  });

  it('knows a trade worth less than one cent', () => {
    expect(belowOneCent(tradeValue('0.00500100', '1'))).toBe(true);
    expect(belowOneCent(tradeValue('0.00999999', '1'))).toBe(true);
    expect(belowOneCent(tradeValue('0.01', '1'))).toBe(false);
    expect(belowOneCent(tradeValue('0.00000009', '102400', '0.92'))).toBe(true);
  });

  it('never pays more for a sale, nor takes less for a purchase, than the value', () => {
    const decimal = (scale: number) =>
      fc.bigInt({ min: 1n, max: 10n ** 14n }).map((units) => new Decimal(units.toString()).dividedBy(10 ** scale));
    fc.assert(
      fc.property(decimal(8), decimal(10), decimal(10), (quantity, price, rate) => {
        const value = tradeValue(quantity, price, rate);
        expect(saleProceeds(value).lte(value)).toBe(true);
        expect(purchaseCost(value).gte(value)).toBe(true);
        expect(purchaseCost(value).minus(saleProceeds(value)).lte('0.01')).toBe(true);
      }),
    );
  });
});

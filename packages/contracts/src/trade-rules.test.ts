import { describe, expect, it } from 'vitest';
import { quantityFor, tradeAmountError, tradeRefusal } from './trade-rules.ts';

describe('quantityFor', () => {
  it('divides exactly and rounds down to the requested places', () => {
    expect(quantityFor('100', '3')).toBe('33.33333333');
    expect(quantityFor('100', '3', 6)).toBe('33.333333');
    expect(quantityFor('1,000.50', '250.125')).toBe('4.00000000');
    expect(quantityFor('0.01', '64000')).toBe('0.00000015');
    expect(quantityFor('2', '0.5')).toBe('4.00000000');
  });

  it.each([
    ['', '10'],
    ['abc', '10'],
    ['-5', '10'],
    ['0', '10'],
    ['10', '0'],
    ['10', ''],
    ['10,00', '1'],
  ])('answers null for amount %j at price %j', (amount, price) => expect(quantityFor(amount, price)).toBeNull());
});

describe('tradeRefusal', () => {
  it('refuses a buy of more than the brokerage wallet has available, exactly', () => {
    const buy = (amount: string, available?: string) => tradeRefusal({ side: 'buy', amount, quantity: '1', available });
    expect(buy('100.01', '100.00')).toBe('Insufficient balance for this amount.');
    expect(buy('1,000.00', '999.99')).toBe('Insufficient balance for this amount.');
    expect(buy('100.00', '100.00')).toBeUndefined();
    expect(buy('100', '100.00')).toBeUndefined();
    expect(buy('100.01', undefined)).toBeUndefined();
  });

  it('refuses a sale of more than the position holds, exactly', () => {
    const sell = (quantity: string, held?: string) => tradeRefusal({ side: 'sell', amount: '1', quantity, held });
    expect(sell('2.00000001', '2.00000000')).toBe('You cannot close more than you hold.');
    expect(sell('2.000000', '2.00000000')).toBeUndefined();
    expect(sell('0.5', undefined)).toBeUndefined();
  });
});

describe('a trade worth less than one cent', () => {
  it('is refused at the price shown, unless it sells the whole position', () => {
    const trade = (side: 'buy' | 'sell', quantity: string, price: string, held?: string) =>
      tradeRefusal({ side, amount: '0.01', quantity, price, available: '100', held });
    expect(trade('buy', '0.00000009', '102400.00000000')).toBe('This trade is worth less than one cent.');
    expect(trade('sell', '0.00500100', '1', '20')).toBe('This trade is worth less than one cent.');
    expect(trade('buy', '0.00000010', '100000')).toBeUndefined();
    expect(trade('buy', '0.01', '1')).toBeUndefined();
    expect(trade('sell', '0.00500100', '1', '0.005001')).toBeUndefined();
    expect(trade('buy', '0.00500100', 'unknown')).toBeUndefined();
  });
});

describe('tradeAmountError', () => {
  it('asks for an amount, then one above zero, then refuses as tradeRefusal does', () => {
    const error = (amount: string, quantity: string) =>
      tradeAmountError({ side: 'buy', amount, quantity, price: '10', available: '50' });
    expect(error(' ', '0')).toBe('Amount required!');
    expect(error('abc', '0')).toBe('Enter an amount above zero.');
    expect(error('5', '0.000000')).toBe('Enter an amount above zero.');
    expect(error('60', '6')).toBe('Insufficient balance for this amount.');
    expect(error('20', '2')).toBeUndefined();
  });
});

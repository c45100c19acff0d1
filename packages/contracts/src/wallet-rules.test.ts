import { describe, expect, it } from 'vitest';
import { amountRangeMessage, depositCoin, exceedsAvailable } from './wallet-rules.ts';

describe('amountRangeMessage', () => {
  it('names the limits as the given money writes them', () => {
    expect(
      amountRangeMessage('A withdrawal', [1000, 1_000_000], (amount) => `£${amount.toLocaleString('en-GB')}`),
    ).toBe('A withdrawal must be between £1,000 and £1,000,000.');
  });
});

describe('exceedsAvailable', () => {
  it('compares exactly, and says no while either side cannot be read', () => {
    expect(exceedsAvailable('1,000.01', '1000.00')).toBe(true);
    expect(exceedsAvailable('1000', '1000.00')).toBe(false);
    expect(exceedsAvailable('10,00', '1.00')).toBe(false);
    expect(exceedsAvailable('5', undefined)).toBe(false);
  });
});

describe('depositCoin', () => {
  it('reads a listed coin in any letter case as its id, and blank as none', () => {
    expect(depositCoin.parse('btc')).toBe('btc');
    expect(depositCoin.parse(' ETH ')).toBe('eth');
    expect(depositCoin.parse('USDT(erc20)')).toBe('usdt(ERC20)');
    expect(depositCoin.parse('usdt(TRC20)')).toBe('usdt(TRC20)');
    expect(depositCoin.parse('')).toBeUndefined();
    expect(depositCoin.parse(undefined)).toBeUndefined();
  });

  it.each(['<img src=x onerror=alert(1)>', 'doge', 'usdt', 42, null, ['btc']])('refuses %j', (coin) => {
    const result = depositCoin.safeParse(coin);
    expect(result.error?.issues[0]?.message).toBe('Choose BTC, ETH, USDT(ERC20) or USDT(TRC20).');
  });
});

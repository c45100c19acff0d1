import { describe, expect, it } from 'vitest';
import { backfill, day, hour, minute } from './history.ts';

const now = Date.UTC(2026, 10, 21, 14, 37, 12);
const asset = { symbol: 'AAPL', price: 236, volatility: 0.3 };

describe('history back-fill', () => {
  it('is the same for the same seed and time, and differs for another seed', () => {
    const first = backfill(asset, now, 42);
    const again = backfill(asset, now, 42);
    const other = backfill(asset, now, 43);
    expect(again.bars).toEqual(first.bars);
    expect(other.bars.map((bar) => bar.close)).not.toEqual(first.bars.map((bar) => bar.close));
  });

  it('gives 5-minute bars for the last day, hourly for 30 days and daily for 5 years, ending at the price', () => {
    const { bars } = backfill(asset, now, 7);
    const of = (resolution: string) => bars.filter((bar) => bar.resolution === resolution).map((bar) => bar.startsAt);
    const spacing = (starts: number[]) => new Set(starts.slice(1).map((start, index) => start - (starts[index] ?? 0)));
    expect(spacing(of('5m'))).toEqual(new Set([5 * minute]));
    expect(spacing(of('1h'))).toEqual(new Set([hour]));
    expect(spacing(of('1d'))).toEqual(new Set([day]));
    expect(of('5m').length).toBeGreaterThanOrEqual(288);
    expect(of('1h').length).toBeGreaterThanOrEqual(30 * 24);
    expect(of('1d').length).toBeGreaterThanOrEqual(5 * 365);
    const last5m = bars.filter((bar) => bar.resolution === '5m').at(-1);
    expect(last5m?.close).toBe(236);
  });

  it('keeps the resolutions consistent: an hourly close equals the 5-minute price at that time', () => {
    const { bars } = backfill(asset, now, 9);
    const fiveMinuteOpen = new Map(
      bars.filter((bar) => bar.resolution === '5m').map((bar) => [bar.startsAt, bar.open]),
    );
    const hourly = bars.filter((bar) => bar.resolution === '1h' && fiveMinuteOpen.has(bar.startsAt));
    expect(hourly.length).toBeGreaterThan(10);
    for (const bar of hourly) expect(fiveMinuteOpen.get(bar.startsAt)).toBeCloseTo(bar.open, 8);
    for (const bar of bars) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.low).toBeGreaterThan(0);
    }
  });

  it('moves crypto more than stocks', () => {
    const dailyReturns = (volatility: number) => {
      const closes = backfill({ symbol: 'X', price: 100, volatility }, now, 3)
        .bars.filter((bar) => bar.resolution === '1d')
        .map((bar) => bar.close);
      const returns = closes.slice(1).map((close, index) => Math.log(close / (closes[index] ?? close)));
      const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
      return (
        Math.sqrt(returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / returns.length) * Math.sqrt(365.25)
      );
    };
    expect(dailyReturns(0.3)).toBeGreaterThan(0.2);
    expect(dailyReturns(0.3)).toBeLessThan(0.4);
    expect(dailyReturns(0.9)).toBeGreaterThan(0.7);
  });
});

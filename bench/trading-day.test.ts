import { describe, expect, it } from 'vitest';
import { callsOfVisit, callsPerVisit, nextRate, screenGapMs, tradingDay, visitScreens } from './trading-day.ts';

const screens = visitScreens([
  { id: 1, symbol: 'AAPL' },
  { id: 2, symbol: 'BTC' },
]);
const investors = Array.from({ length: 50 }, (_, index) => ({ token: `token${index}`, login: `bench${index}` }));

describe('the trading day', () => {
  it('sends the rate asked for, steady from the first second to the last', () => {
    const plan = tradingDay(screens, investors, 400, 20);
    expect(plan.length).toBeGreaterThan(400 * 20 * 0.97);
    expect(plan.length).toBeLessThan(400 * 20 * 1.03);
    for (let second = 0; second < 20; second += 1) {
      const inSecond = plan.filter((planned) => planned.at >= second * 1000 && planned.at < (second + 1) * 1000);
      expect(inSecond.length).toBeGreaterThan(400 * 0.8);
      expect(inSecond.length).toBeLessThan(400 * 1.2);
    }
    expect(plan.every((planned, index) => index === 0 || (plan[index - 1]?.at ?? 0) <= planned.at)).toBe(true);
  });

  it('makes each visit in the stated mix: the portfolio screen every time, a sign-in one time in ten', () => {
    const calls = callsOfVisit(screens);
    expect(calls['POST /api/user/login']).toBeCloseTo(0.1);
    expect(calls['GET /api/user/analytics?timeframe=1d']).toBeCloseTo(1);
    expect(calls['POST /api/user/transaction/swap']).toBeCloseTo(0.5);
    expect(calls['POST /api/user/position/store']).toBeCloseTo(0.5);
    expect(calls['GET /api/assets/:symbol/history?range=1d']).toBeCloseTo(1);
    expect(callsPerVisit(screens)).toBeCloseTo(11.1);
  });

  it("sends an investor's screens in order, a screen gap apart, with a key on every write", () => {
    const many = Array.from({ length: 500 }, (_, index) => ({ token: `token${index}`, login: `bench${index}` }));
    const plan = tradingDay(screens, many, 100, 20);
    const own = plan.filter((planned) => planned.request.headers['authorization'] === 'Bearer token0');
    const write = own.find((planned) => planned.request.method === 'POST');
    const history = own.find(
      (planned) =>
        planned.label === 'GET /api/user/position/history?page=1&per_page=7' && planned.at > (write?.at ?? 0),
    );
    expect((history?.at ?? 0) - (write?.at ?? 0)).toBeCloseTo(screenGapMs);
    const writes = plan.filter(
      (planned) => planned.request.method !== 'GET' && planned.label !== 'POST /api/user/login',
    );
    const keys = writes.map((planned) => planned.request.headers['idempotency-key']);
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the search for the highest rate that holds', () => {
  it('doubles until a rate fails, then halves the gap until it is within the resolution', () => {
    const holdsUpTo = (limit: number) => {
      const tried: { rate: number; holds: boolean }[] = [];
      for (let rate = nextRate(tried, 250, 50); rate !== undefined; rate = nextRate(tried, 250, 50))
        tried.push({ rate, holds: rate <= limit });
      return tried.map((step) => step.rate);
    };
    expect(holdsUpTo(1_100)).toEqual([250, 500, 1_000, 2_000, 1_500, 1_250, 1_125, 1_063, 1_094]);
    expect(holdsUpTo(100)).toEqual([250, 125, 63, 94]);
    expect(nextRate([{ rate: 8_000, holds: true }], 250, 50, 10_000)).toBeUndefined();
  });
});

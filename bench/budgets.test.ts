import { describe, expect, it } from 'vitest';
import { checkBudgets, pairedRatio, type Measured } from './budgets.ts';

const run = (name: string, rps: number, p99 = 10): Measured => ({ name, rps, p50: 1, p99, errors: 0 });
const page = (name: string, performance: number, lcpMs: number) => ({
  name,
  url: `/${name}`,
  performance,
  lcpMs,
  fcpMs: lcpMs,
  tbtMs: 0,
  lcpElement: '<p>',
});

describe('the benchmark budgets', () => {
  const baseline = run('node:http baseline', 10_000);
  const verdicts = (overrides: Partial<Record<string, Measured>> = {}) =>
    Object.fromEntries(
      checkBudgets({
        baseline,
        results: [
          // Not a budget, and listed first: the market list's budget is the one without a token.
          run('GET /api/assets?per_page=25&sort=-market_cap, signed in (spread)', 1),
          overrides['user'] ?? run('GET /api/user?include=… (spread)', 2_000, 25),
          overrides['market'] ?? run('GET /api/assets?per_page=25&sort=-market_cap', 3_000),
          overrides['analytics'] ?? run('GET /api/user/analytics?timeframe=30d', 1_000),
          overrides['swap'] ?? run('POST swap (spread over users)', 500, 30),
          run('POST swap (one user)', 1),
        ],
        pgbenchTps: 1_000,
        signInKb: 150,
        pages: [page('static page', 100, 600), page('sign-in (/)', 95, 900)],
      }).map((budget) => [budget.budget, budget.holds]),
    );

  it('holds every budget exactly at its limit', () => {
    expect(Object.values(verdicts()).every(Boolean)).toBe(true);
  });

  it('fails each budget just past its limit, and only that one', () => {
    const failing = (overrides: Record<string, Measured>) =>
      Object.entries(verdicts(overrides))
        .filter(([, holds]) => !holds)
        .map(([budget]) => budget);
    expect(failing({ user: run('GET /api/user?include=… (spread)', 1_999, 25) })).toEqual([
      'user include ≥ 0.20× node:http',
    ]);
    expect(failing({ user: run('GET /api/user?include=… (spread)', 2_000, 26) })).toEqual(['user include p99 ≤ 25 ms']);
    expect(failing({ market: run('GET /api/assets?per_page=25&sort=-market_cap', 2_999) })).toEqual([
      'market list ≥ 0.30× node:http',
    ]);
    expect(failing({ swap: run('POST swap (spread over users)', 499, 30) })).toEqual([
      'swap spread ≥ 0.5× pgbench TPC-B',
    ]);
    expect(failing({ analytics: run('GET /api/user/analytics?timeframe=30d', 999) })).toEqual([
      'analytics 30d ≥ 0.10× node:http',
    ]);
  });

  it('fails the page budgets on a low score or a slow paint, and swap when pgbench is missing', () => {
    const budgets = checkBudgets({
      baseline,
      results: [],
      pgbenchTps: undefined,
      signInKb: 151,
      pages: [page('static page', 100, 600), page('portfolio', 94, 901)],
    });
    const holds = Object.fromEntries(budgets.map((budget) => [budget.budget, budget.holds]));
    expect(holds).toMatchObject({
      'sign-in JavaScript ≤ 150 KB gzip': false,
      'Lighthouse portfolio ≥ 95': false,
      'LCP portfolio ≤ 1.5× static': false,
      'swap spread ≥ 0.5× pgbench TPC-B': false,
    });
  });

  it('judges a scenario measured in turns with its baseline by the ratio of each run to the baseline run before it', () => {
    // The machine slows by half between the first and the last pair: the ratios stay 0.2.
    expect(pairedRatio([2_000, 1_500, 1_000], [10_000, 7_500, 5_000])).toBeCloseTo(0.2);
    // The median of the pairs: one disturbed pair does not decide.
    expect(pairedRatio([2_000, 3_000, 1_000], [10_000, 10_000, 10_000])).toBeCloseTo(0.2);
    expect(pairedRatio([], [])).toBe(0);
    expect(pairedRatio([2_000], [0])).toBe(0);
    expect(pairedRatio([2_000, 2_000], [10_000])).toBe(0);

    const paired = (name: string, rps: number, ratio: number): Measured => ({
      ...run(name, rps, 25),
      paired: { baseline: 'node:http', baselineRps: rps / ratio, ratio },
    });
    // Against the run's single baseline (10,000) this user include would hold (0.25×); its pairing says 0.19×.
    expect(verdicts({ user: paired('GET /api/user?include=… (spread)', 2_500, 0.19) })).toMatchObject({
      'user include ≥ 0.20× node:http': false,
    });
    expect(verdicts({ market: paired('GET /api/assets?per_page=25&sort=-market_cap', 2_000, 0.3) })).toMatchObject({
      'market list ≥ 0.30× node:http': true,
    });
  });
});

import type { Latencies, Planned, SteadyRequest } from './steady.ts';
import { sum } from './stats.ts';

export type Investor = { token: string; login: string };
export type Call = { label: string; request: SteadyRequest };
/** One screen of a visit, opened `screenGapMs` after the one before; its calls leave together, as the browser sends them. */
export type Screen = { name: string; calls: (investor: Investor, visit: number) => Call[] };

/** How long an investor looks at a screen before opening the next. */
export const screenGapMs = 2_000;
/** One visit in this many starts with a sign-in; the others go on with the session their browser stored. */
export const signInEvery = 10;
export const password = 'bench passphrase 2026';

let keys = 0;
const headers = (investor: Investor, keyed = false): Record<string, string> => ({
  authorization: `Bearer ${investor.token}`,
  'content-type': 'application/json',
  accept: 'application/json',
  ...(keyed ? { 'idempotency-key': `bench-${process.pid}-${(keys += 1)}` } : {}),
});
/** A read as the web app sends it, counted under its path (an asset's symbol left out). */
export const get = (path: string) => (investor: Investor) => ({
  label: `GET ${path.replace(/\/assets\/[^/]+\/history/, '/assets/:symbol/history')}`,
  request: { method: 'GET' as const, path, headers: headers(investor) },
});
export const keyed = (method: 'POST' | 'PUT', path: string, body: object, investor: Investor, label?: string) => ({
  label: label ?? `${method} ${path}`,
  request: { method, path, headers: headers(investor, true), body: JSON.stringify(body) },
});

export const transfer = (investor: Investor) =>
  keyed(
    'POST',
    '/api/user/transaction/swap',
    { amount: '1', from: 'cash', to: 'brokerage', type: 'transfer' },
    investor,
  );
export const buy = (assetId: number) => (investor: Investor) =>
  keyed('POST', '/api/user/position/store', { asset_id: assetId, quantity: '0.01', wallet: 'brokerage' }, investor);

export const signIn = (investor: Investor): Call => ({
  label: 'POST /api/user/login',
  request: {
    method: 'POST',
    path: '/api/user/login',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: investor.login, password }),
  },
});

export const portfolioCalls = (investor: Investor) =>
  [
    '/api/user?include=currency',
    '/api/user/analytics?timeframe=1d',
    '/api/user/position?include=asset&page=1&per_page=20',
    '/api/user/position/history?page=1&per_page=10',
    '/api/user?include=wallet',
    '/api/user/holdings',
    '/api/client-config',
  ].map((path) => get(path)(investor));

export const marketListPath = '/api/assets?page=1&per_page=25&sort=name';

export type Asset = { id: number; symbol: string };

/** The calls of each screen are read from the browser's requests on it. */
export function visitScreens(assets: Asset[]): Screen[] {
  const assetOf = (visit: number) => assets[Math.abs(visit) % assets.length] ?? { id: 1, symbol: 'AAPL' };
  return [
    {
      name: `sign-in (one visit in ${signInEvery})`,
      calls: (investor, visit) => (visit % signInEvery === 0 ? [signIn(investor)] : []),
    },
    { name: 'portfolio', calls: portfolioCalls },
    { name: 'market', calls: (investor) => [get(marketListPath)(investor)] },
    {
      name: 'asset',
      calls: (investor, visit) => [
        get(`/api/assets/${encodeURIComponent(assetOf(visit).symbol)}/history?range=1d`)(investor),
      ],
    },
    {
      name: 'a transfer (even visits) or a buy (odd visits)',
      calls: (investor, visit) => [visit % 2 === 0 ? transfer(investor) : buy(assetOf(visit).id)(investor)],
    },
    { name: 'history', calls: (investor) => [get('/api/user/position/history?page=1&per_page=7')(investor)] },
  ];
}

/** Each endpoint's calls in an average visit (over enough visits to take every turn of the mix). */
export function callsOfVisit(screens: Screen[]): Record<string, number> {
  const someone: Investor = { token: '', login: '' };
  const visits = 2 * signInEvery;
  const counts: Record<string, number> = {};
  for (let visit = 0; visit < visits; visit += 1)
    for (const screen of screens)
      for (const { label } of screen.calls(someone, visit)) counts[label] = (counts[label] ?? 0) + 1 / visits;
  return counts;
}

export const callsPerVisit = (screens: Screen[]) => sum(Object.values(callsOfVisit(screens)));

/**
 * A trading day's requests over `seconds` at `rate` a second on average, visits starting evenly. It is
 * already under way at the start (visits begun earlier are in progress), so the rate is steady throughout.
 */
export function tradingDay(screens: Screen[], investors: Investor[], rate: number, seconds: number): Planned[] {
  const visitLength = screens.length * screenGapMs;
  const between = (1000 * callsPerVisit(screens)) / rate;
  const end = seconds * 1000;
  const plan: Planned[] = [];
  for (let visit = Math.ceil(-visitLength / between); visit * between < end; visit += 1) {
    const investor = investors[((visit % investors.length) + investors.length) % investors.length];
    if (!investor) continue;
    screens.forEach((screen, index) => {
      const at = visit * between + index * screenGapMs;
      if (at < 0 || at >= end) return;
      for (const call of screen.calls(investor, visit)) plan.push({ at, ...call });
    });
  }
  return plan.sort((a, b) => a.at - b.at);
}

/** The search for the highest rate that holds: doubling until one fails, then bisecting; undefined once done. */
export function nextRate(
  tried: { rate: number; holds: boolean }[],
  start: number,
  resolution: number,
  ceiling = 16_000,
): number | undefined {
  if (tried.length === 0) return start;
  const held = Math.max(0, ...tried.filter((step) => step.holds).map((step) => step.rate));
  const failed = Math.min(...tried.filter((step) => !step.holds).map((step) => step.rate));
  if (failed === Infinity) return held * 2 > ceiling ? undefined : held * 2;
  if (held === 0) return failed / 2 < resolution ? undefined : Math.round(failed / 2);
  return failed - held <= resolution ? undefined : Math.round((held + failed) / 2);
}

export const dayP99Ms = 50;

export function judgeDay(endpoints: Record<string, Latencies>) {
  const entries = Object.entries(endpoints).sort(([, a], [, b]) => b.p99 - a.p99);
  const [worst, slowest] = entries[0] ?? ['', undefined];
  const errors = sum(entries.map(([, latencies]) => latencies.errors));
  const worstP99 = slowest?.p99 ?? NaN;
  return { holds: errors === 0 && worstP99 <= dayP99Ms, worst, worstP99, errors };
}

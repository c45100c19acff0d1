import { describe, expect, it } from 'vitest';
import { performanceDoc, type Results } from './report.ts';

const measured = (name: string) => ({ name, rps: 1_000, p50: 2, p99: 9, errors: 0 });
const results: Results = {
  date: '2026-11-26T23:00:00.000Z',
  commit: 'abc1234',
  machine: { cpus: 2, memoryGiB: 24 },
  users: 10_000,
  seconds: 5,
  runs: 3,
  connections: 32,
  nodeHttp: measured('node:http hello world'),
  nodeHttpAfter: measured('node:http hello world'),
  tpcb: { tps: 2_000, postgresUs: 500, pgbenchUs: 100 },
  market: { ...measured('market list'), paired: { baseline: 'node:http', baselineRps: 40_000, ratio: 0.31 } },
  writes: [measured('transfer')],
  firstReads: [measured('user include')],
  day: {
    visit: { 'GET /api/user?include=currency': 1, 'POST /api/user/login': 0.1 },
    atBudget: {
      rate: 1_000,
      rps: 998,
      errors: 0,
      endpoints: { 'GET /api/user?include=currency': { count: 9, p50: 3, p99: 12, errors: 0 } },
    },
    search: [{ rate: 250, rps: 250, holds: true, worst: 'POST /api/user/login', worstP99: 40, errors: 0 }],
    highestRate: 250,
  },
  signIn: {
    argon2PerSecond: 40,
    rps: 35,
    p50: 800,
    p99: 900,
    errors: 0,
    ratio: 0.88,
    portfolioBeside: { count: 9, p50: 5, p99: 60, errors: 0 },
  },
  signInKb: 120,
  lighthouse: [],
  budgets: [
    { budget: 'sign-in ≥ 0.8× argon2id alone', measured: '0.880×', holds: true },
    { budget: 'keyed buy p99 ≤ 40 ms', measured: '41 ms', holds: false },
  ],
  postgresEvents: [],
};

describe('the performance page', () => {
  it('says when, on what commit and what machine, and marks every budget that does not hold', () => {
    const doc = performanceDoc(results);
    expect(doc).toContain('Latest run: 2026-11-26 23:00 UTC, commit `abc1234`, 2 cores, 24 GiB.');
    expect(doc).toContain('| sign-in ≥ 0.8× argon2id alone | 0.880× | yes |');
    expect(doc).toContain('| keyed buy p99 ≤ 40 ms | 41 ms | **no** |');
    expect(doc).toContain('| `POST /api/user/login` | 0.10 | 9.1 | – | – | – |');
    expect(doc).toContain('**250 req/s**');
  });
});

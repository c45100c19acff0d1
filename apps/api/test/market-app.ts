import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

// Set by useMarketApp's beforeAll; the test files read it as a plain name through the live binding.
export let testApp: TestApp;

/** The app for the tests of the market's routes and feed. */
export function useMarketApp(): void {
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());
}

export const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });
export type Asset = {
  symbol: string;
  name: string;
  type: string;
  price: string;
  changes_percentage: string;
  market_cap: string;
  rank: number;
  starred: boolean;
  listed_on: string;
  watchers: number;
};

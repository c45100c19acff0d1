import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { createFmpProvider } from './provider.ts';
import { runProviderTick } from './provider-feed.ts';

let recorded: unknown;
let database: TestDatabase;
const requested: string[] = [];

beforeAll(async () => {
  recorded = JSON.parse(await readFile(path.join(import.meta.dirname, 'fixtures', 'fmp-quotes.json'), 'utf8'));
  database = await createTestDatabase();
});
afterAll(() => database.drop());

// Stands in for the provider's HTTP server: returns the recorded quotes for the symbols asked.
const recordedFetch = async (url: string) => {
  requested.push(url);
  const symbols = new URL(url).pathname.split('/').at(-1)?.split(',').map(decodeURIComponent) ?? [];
  return {
    ok: true,
    status: 200,
    json: async () => (recorded as { symbol: string }[]).filter((quote) => symbols.includes(quote.symbol)),
  };
};

describe('the Financial Modeling Prep adapter', () => {
  const provider = createFmpProvider('test-key', recordedFetch, 'https://provider.test/api/v3');

  it('asks with its own symbol spellings and maps the quotes back to ours', async () => {
    const quotes = await provider.quotes([
      { symbol: 'AAPL', type: 'stocks' },
      { symbol: 'BRK.B', type: 'stocks' },
      { symbol: 'BTC', type: 'crypto' },
    ]);
    expect(requested.at(-1)).toBe('https://provider.test/api/v3/quote/AAPL,BRK-B,BTCUSD?apikey=test-key');
    expect(quotes.map((quote) => [quote.symbol, quote.price, quote.previousClose])).toEqual([
      ['AAPL', 236, 237.76],
      ['BRK.B', 469.33, 467.9],
      ['BTC', 102405.12, 104655.63],
    ]);
    expect(quotes[0]).toMatchObject({
      changesPercentage: -0.7402,
      dayHigh: 240.19,
      dayLow: 234.25,
      marketCap: 3545299600000,
      avgVolume: 50276373,
      volume: 101075057,
    });
  });

  it('turns currency pairs into units per dollar', async () => {
    const rates = await provider.fxRates(['USD', 'EUR']);
    expect(rates['USD']).toBe(1);
    expect(rates['EUR']).toBeCloseTo(1 / 1.03885, 10);
  });

  it('refuses a response that is not a list of quotes, and a failed request', async () => {
    const broken = createFmpProvider('k', async () => ({
      ok: true,
      status: 200,
      json: async () => ({ 'Error Message': 'Invalid API KEY.' }),
    }));
    await expect(broken.quotes([{ symbol: 'AAPL', type: 'stocks' }])).rejects.toThrow();
    const down = createFmpProvider('k', async () => ({ ok: false, status: 429, json: async () => ({}) }));
    await expect(down.quotes([{ symbol: 'AAPL', type: 'stocks' }])).rejects.toThrow('The quote provider answered 429.');
  });

  it('writes the provider quotes as the new market state', async () => {
    await runProviderTick(database.db, { now: () => new Date() }, provider);
    const { rows } = await database.db.$client.query(
      "select a.symbol, q.price, q.previous_close, q.day_high from asset_quotes q join assets a on a.id = q.asset_id where a.symbol in ('AAPL', 'BTC') order by a.symbol",
    );
    expect(
      rows.map((row) => [row.symbol, Number(row.price), Number(row.previous_close), Number(row.day_high)]),
    ).toEqual([
      ['AAPL', 236, 237.76, 240.19],
      ['BTC', 102405.12, 104655.63, 106012.44],
    ]);
    const { rows: rates } = await database.db.$client.query("select rate from fx_rates where currency = 'EUR'");
    expect(Number(rates[0].rate)).toBeCloseTo(1 / 1.03885, 8);
  });
});

import { z } from 'zod';

/** A quote as a market-data provider reports it, in the field names of our asset responses. */
export type ProviderQuote = {
  symbol: string;
  price: number;
  changesPercentage: number;
  dayHigh: number;
  dayLow: number;
  marketCap: number | null;
  previousClose: number;
  avgVolume: number;
  volume: number;
};

/** Where quotes come from when they are not simulated. */
export type QuoteProvider = {
  name: string;
  /** Quotes for our symbols (as the catalogue spells them). */
  quotes: (symbols: { symbol: string; type: 'stocks' | 'crypto' }[]) => Promise<ProviderQuote[]>;
  /** Units of each currency per US dollar. */
  fxRates: (currencies: string[]) => Promise<Record<string, number>>;
};

const fmpQuote = z.object({
  symbol: z.string(),
  price: z.number(),
  changesPercentage: z.number(),
  dayHigh: z.number(),
  dayLow: z.number(),
  marketCap: z.number().nullable(),
  previousClose: z.number(),
  avgVolume: z.number(),
  volume: z.number(),
});

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>;

/**
 * Financial Modeling Prep's quote endpoint (/api/v3/quote/{symbols}). Crypto is quoted against
 * the dollar ('BTCUSD'), share classes use a dash ('BRK-B'), currencies as pairs ('EURUSD').
 */
export function createFmpProvider(
  apiKey: string,
  fetchImpl: Fetch = fetch,
  baseUrl = 'https://financialmodelingprep.com/api/v3',
): QuoteProvider {
  const providerSymbol = ({ symbol, type }: { symbol: string; type: 'stocks' | 'crypto' }) =>
    type === 'crypto' ? `${symbol}USD` : symbol.replace('.', '-');

  async function request(symbols: string[]) {
    const response = await fetchImpl(
      `${baseUrl}/quote/${symbols.map(encodeURIComponent).join(',')}?apikey=${encodeURIComponent(apiKey)}`,
    );
    if (!response.ok) throw new Error(`The quote provider answered ${response.status}.`);
    return z.array(fmpQuote).parse(await response.json());
  }

  return {
    name: 'fmp',
    async quotes(assets) {
      const ours = new Map(assets.map((asset) => [providerSymbol(asset), asset.symbol]));
      const quotes = await request([...ours.keys()]);
      return quotes.flatMap((quote) => {
        const symbol = ours.get(quote.symbol);
        return symbol ? [{ ...quote, symbol }] : [];
      });
    },
    async fxRates(currencies) {
      const pairs = currencies.filter((currency) => currency !== 'USD').map((currency) => `${currency}USD`);
      const quotes = await request(pairs);
      // EURUSD is dollars per euro; we keep euros per dollar.
      const perDollar = quotes.map((quote): [string, number] => [quote.symbol.slice(0, 3), 1 / quote.price]);
      return Object.fromEntries<number>([['USD', 1], ...perDollar]);
    },
  };
}

/**
 * The assets Itrust lists, with reference figures as of 2025-01-31 (rounded, from public market
 * data of that day). The simulated feed starts from these; a real provider replaces them.
 * Market cap and volumes are in US dollars for crypto (24 h volume) and in shares for stocks.
 */
export type CatalogueEntry = {
  symbol: string;
  name: string;
  type: 'stocks' | 'crypto';
  price: number;
  marketCap: number;
  avgVolume: number;
  listedOn: string;
  /** Annualised volatility of the simulated price. */
  volatility: number;
};

const billion = 1e9;
const million = 1e6;

type Row = [
  symbol: string,
  name: string,
  price: number,
  marketCapBillions: number,
  avgVolumeMillions: number,
  listedOn: string,
  volatility?: number,
];

const stockRows: Row[] = [
  ['AAPL', 'Apple Inc.', 236.0, 3550, 50, '1980-12-12'],
  ['MSFT', 'Microsoft Corporation', 415.1, 3090, 22, '1986-03-13'],
  ['NVDA', 'NVIDIA Corporation', 120.1, 2940, 250, '1999-01-22', 0.55],
  ['AMZN', 'Amazon.com, Inc.', 237.7, 2500, 40, '1997-05-15', 0.35],
  ['GOOGL', 'Alphabet Inc.', 204.0, 2500, 30, '2004-08-19', 0.3],
  ['META', 'Meta Platforms, Inc.', 689.2, 1740, 15, '2012-05-18', 0.4],
  ['TSLA', 'Tesla, Inc.', 404.6, 1300, 90, '2010-06-29', 0.65],
  ['BRK.B', 'Berkshire Hathaway Inc.', 469.3, 1010, 4, '1996-05-09', 0.18],
  ['AVGO', 'Broadcom Inc.', 221.3, 1040, 30, '2009-08-06', 0.5],
  ['JPM', 'JPMorgan Chase & Co.', 267.3, 750, 9, '1969-03-05', 0.25],
  ['LLY', 'Eli Lilly and Company', 811.0, 770, 3.5, '1970-07-09', 0.3],
  ['V', 'Visa Inc.', 341.8, 660, 7, '2008-03-19', 0.2],
  ['UNH', 'UnitedHealth Group Incorporated', 542.5, 500, 4, '1984-10-17', 0.3],
  ['XOM', 'Exxon Mobil Corporation', 106.8, 470, 15, '1920-01-01', 0.25],
  ['MA', 'Mastercard Incorporated', 555.4, 510, 3, '2006-05-25', 0.2],
  ['COST', 'Costco Wholesale Corporation', 979.9, 435, 2, '1985-12-05', 0.22],
  ['HD', 'The Home Depot, Inc.', 412.0, 410, 3.5, '1981-09-22', 0.25],
  ['PG', 'The Procter & Gamble Company', 166.0, 390, 7, '1950-03-07', 0.16],
  ['WMT', 'Walmart Inc.', 98.2, 790, 17, '1972-08-25', 0.2],
  ['JNJ', 'Johnson & Johnson', 152.1, 366, 7.5, '1944-09-25', 0.16],
  ['NFLX', 'Netflix, Inc.', 976.8, 418, 4, '2002-05-23', 0.4],
  ['ABBV', 'AbbVie Inc.', 183.9, 325, 6, '2013-01-02', 0.25],
  ['BAC', 'Bank of America Corporation', 46.3, 355, 35, '1973-01-01', 0.28],
  ['CRM', 'Salesforce, Inc.', 341.7, 327, 6, '2004-06-23', 0.35],
  ['ORCL', 'Oracle Corporation', 170.1, 476, 9, '1986-03-12', 0.35],
  ['KO', 'The Coca-Cola Company', 63.5, 272, 15, '1919-09-05', 0.15],
  ['CVX', 'Chevron Corporation', 149.2, 265, 7, '1921-06-24', 0.25],
  ['MRK', 'Merck & Co., Inc.', 98.8, 250, 10, '1946-01-01', 0.22],
  ['PEP', 'PepsiCo, Inc.', 150.7, 206, 7, '1972-06-01', 0.17],
  ['AMD', 'Advanced Micro Devices, Inc.', 115.9, 187, 40, '1972-09-27', 0.5],
  ['ADBE', 'Adobe Inc.', 437.5, 190, 3.5, '1986-08-20', 0.35],
  ['TMO', 'Thermo Fisher Scientific Inc.', 597.8, 228, 2, '1980-03-17', 0.25],
  ['CSCO', 'Cisco Systems, Inc.', 60.6, 242, 20, '1990-02-16', 0.22],
  ['ACN', 'Accenture plc', 385.0, 241, 2.5, '2001-07-19', 0.25],
  ['MCD', "McDonald's Corporation", 288.7, 207, 3.5, '1965-04-21', 0.18],
  ['ABT', 'Abbott Laboratories', 127.9, 222, 6, '1929-03-01', 0.2],
  ['WFC', 'Wells Fargo & Company', 78.8, 262, 17, '1978-06-01', 0.28],
  ['INTC', 'Intel Corporation', 19.4, 84, 60, '1971-10-13', 0.45],
  ['QCOM', 'QUALCOMM Incorporated', 172.9, 192, 8, '1991-12-13', 0.35],
  ['DIS', 'The Walt Disney Company', 113.1, 205, 9, '1957-11-12', 0.28],
  ['IBM', 'International Business Machines Corporation', 255.7, 236, 4, '1915-11-11', 0.22],
  ['TXN', 'Texas Instruments Incorporated', 184.6, 168, 6, '1953-10-01', 0.28],
  ['INTU', 'Intuit Inc.', 601.5, 168, 1.6, '1993-03-12', 0.3],
  ['AMGN', 'Amgen Inc.', 285.4, 153, 3, '1983-06-17', 0.22],
  ['CAT', 'Caterpillar Inc.', 371.0, 180, 2.5, '1929-12-02', 0.28],
  ['GS', 'The Goldman Sachs Group, Inc.', 640.4, 200, 2.5, '1999-05-04', 0.28],
  ['NKE', 'NIKE, Inc.', 77.0, 114, 11, '1980-12-02', 0.3],
  ['SBUX', 'Starbucks Corporation', 115.3, 131, 10, '1992-06-26', 0.3],
  ['PFE', 'Pfizer Inc.', 26.5, 150, 35, '1942-01-01', 0.24],
  ['T', 'AT&T Inc.', 23.7, 170, 33, '1983-11-21', 0.2],
  ['VZ', 'Verizon Communications Inc.', 39.4, 166, 20, '1983-11-21', 0.18],
  ['BA', 'The Boeing Company', 176.5, 132, 8, '1962-01-02', 0.38],
  ['UBER', 'Uber Technologies, Inc.', 66.9, 140, 20, '2019-05-10', 0.45],
  ['PYPL', 'PayPal Holdings, Inc.', 88.6, 88, 10, '2015-07-06', 0.4],
  ['SHOP', 'Shopify Inc.', 116.6, 150, 9, '2015-05-21', 0.55],
  ['PLTR', 'Palantir Technologies Inc.', 82.5, 190, 90, '2020-09-30', 0.7],
  ['COIN', 'Coinbase Global, Inc.', 290.2, 72, 9, '2021-04-14', 0.8],
  ['ABNB', 'Airbnb, Inc.', 131.1, 83, 5, '2020-12-10', 0.4],
  ['SPOT', 'Spotify Technology S.A.', 549.6, 112, 2, '2018-04-03', 0.45],
  ['GE', 'GE Aerospace', 203.6, 220, 6, '1892-06-23', 0.3],
];

const cryptoRows: Row[] = [
  ['BTC', 'Bitcoin', 102_400, 2030, 40_000, '2009-01-03', 0.55],
  ['ETH', 'Ethereum', 3_300, 398, 25_000, '2015-07-30', 0.7],
  ['USDT', 'Tether', 1.0, 139, 70_000, '2014-10-06', 0.004],
  ['XRP', 'XRP', 3.05, 176, 8_000, '2012-06-02', 0.9],
  ['BNB', 'BNB', 680, 97, 2_000, '2017-07-25', 0.6],
  ['SOL', 'Solana', 232, 113, 5_000, '2020-03-16', 0.85],
  ['USDC', 'USD Coin', 1.0, 53, 8_000, '2018-09-26', 0.004],
  ['DOGE', 'Dogecoin', 0.33, 49, 3_000, '2013-12-06', 1.0],
  ['ADA', 'Cardano', 0.95, 33, 1_200, '2017-09-29', 0.85],
  ['TRX', 'TRON', 0.25, 21, 1_000, '2017-09-13', 0.6],
  ['LINK', 'Chainlink', 25.1, 16, 900, '2017-09-19', 0.85],
  ['AVAX', 'Avalanche', 35.2, 14.5, 600, '2020-09-21', 0.9],
  ['XLM', 'Stellar', 0.43, 13, 400, '2014-07-31', 0.8],
  ['SUI', 'Sui', 4.1, 12.5, 1_300, '2023-05-03', 1.0],
  ['SHIB', 'Shiba Inu', 0.000019, 11.5, 400, '2020-08-01', 1.1],
  ['HBAR', 'Hedera', 0.32, 12, 500, '2019-09-16', 0.9],
  ['DOT', 'Polkadot', 6.3, 9.7, 400, '2020-08-18', 0.85],
  ['BCH', 'Bitcoin Cash', 430, 8.5, 400, '2017-08-01', 0.75],
  ['LTC', 'Litecoin', 125, 9.4, 800, '2011-10-07', 0.75],
  ['UNI', 'Uniswap', 12.5, 7.5, 300, '2020-09-17', 0.9],
  ['PEPE', 'Pepe', 0.000013, 5.5, 1_000, '2023-04-14', 1.2],
  ['NEAR', 'NEAR Protocol', 4.9, 5.9, 300, '2020-10-13', 0.95],
  ['APT', 'Aptos', 8.1, 4.8, 200, '2022-10-17', 0.95],
  ['ICP', 'Internet Computer', 9.6, 4.6, 100, '2021-05-10', 0.9],
  ['DAI', 'Dai', 1.0, 5.4, 200, '2017-12-18', 0.004],
  ['ETC', 'Ethereum Classic', 26.5, 4.0, 200, '2016-07-20', 0.8],
  ['AAVE', 'Aave', 360, 5.4, 500, '2020-10-02', 0.9],
  ['POL', 'Polygon Ecosystem Token', 0.43, 3.6, 200, '2023-10-25', 0.95],
  ['XMR', 'Monero', 215, 4.0, 100, '2014-04-18', 0.7],
  ['VET', 'VeChain', 0.047, 3.8, 100, '2018-06-30', 0.9],
  ['FIL', 'Filecoin', 5.1, 3.2, 200, '2020-10-15', 0.95],
  ['ATOM', 'Cosmos', 6.2, 2.4, 200, '2019-03-14', 0.85],
  ['ARB', 'Arbitrum', 0.6, 2.6, 300, '2023-03-23', 1.0],
  ['OP', 'Optimism', 1.75, 2.4, 200, '2022-05-31', 1.0],
  ['ALGO', 'Algorand', 0.38, 3.2, 100, '2019-06-19', 0.9],
  ['KAS', 'Kaspa', 0.12, 3.0, 100, '2021-11-07', 1.0],
  ['STX', 'Stacks', 1.2, 1.8, 100, '2019-10-25', 1.0],
  ['GRT', 'The Graph', 0.19, 1.8, 100, '2020-12-17', 1.0],
  ['MKR', 'Maker', 1_300, 1.2, 80, '2017-12-18', 0.9],
  ['IMX', 'Immutable', 1.15, 2.0, 60, '2021-11-05', 1.0],
  ['RNDR', 'Render', 7.0, 3.6, 200, '2020-06-11', 1.0],
  ['SAND', 'The Sandbox', 0.52, 1.2, 80, '2020-08-14', 1.0],
];

const toEntry =
  (type: CatalogueEntry['type'], defaultVolatility: number) =>
  ([symbol, name, price, marketCapBillions, avgVolumeMillions, listedOn, volatility]: Row): CatalogueEntry => ({
    symbol,
    name,
    type,
    price,
    marketCap: marketCapBillions * billion,
    // Stock volume is counted in shares; crypto volume in dollars traded.
    avgVolume: avgVolumeMillions * million,
    listedOn,
    volatility: volatility ?? defaultVolatility,
  });

export const catalogue: CatalogueEntry[] = [
  ...stockRows.map(toEntry('stocks', 0.3)),
  ...cryptoRows.map(toEntry('crypto', 0.8)),
];

/** Reference FX rates of the same day: units of each currency per US dollar. */
export const referenceFxRates: Record<'USD' | 'EUR' | 'GBP' | 'CAD', number> = {
  USD: 1,
  EUR: 0.9626,
  GBP: 0.8057,
  CAD: 1.4519,
};

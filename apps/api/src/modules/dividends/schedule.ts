import { Decimal } from 'decimal.js';
import { catalogue, uniform } from '../market/market.service.ts';

export type DividendFrequency = 'quarterly' | 'monthly';

/** A dividend-paying stock: its yearly yield on the reference price, and how often it pays. */
export type DividendPayer = {
  symbol: string;
  yearlyYield: string;
  frequency: DividendFrequency;
  referencePrice: string;
};

/**
 * Yields of the catalogue's dividend payers, as of the catalogue's reference date (rounded). None of
 * the catalogue's stocks pays monthly in life; three high-yield ones do here, so both kinds are seen.
 */
const yields: [symbol: string, yearlyYield: string, frequency: DividendFrequency][] = [
  ['AAPL', '0.0044', 'quarterly'],
  ['MSFT', '0.0080', 'quarterly'],
  ['NVDA', '0.0003', 'quarterly'],
  ['GOOGL', '0.0040', 'quarterly'],
  ['META', '0.0029', 'quarterly'],
  ['AVGO', '0.0107', 'quarterly'],
  ['JPM', '0.0187', 'quarterly'],
  ['LLY', '0.0074', 'quarterly'],
  ['V', '0.0069', 'quarterly'],
  ['UNH', '0.0155', 'quarterly'],
  ['XOM', '0.0371', 'quarterly'],
  ['MA', '0.0055', 'quarterly'],
  ['COST', '0.0047', 'quarterly'],
  ['HD', '0.0223', 'quarterly'],
  ['PG', '0.0243', 'quarterly'],
  ['WMT', '0.0096', 'quarterly'],
  ['JNJ', '0.0326', 'quarterly'],
  ['ABBV', '0.0357', 'quarterly'],
  ['BAC', '0.0225', 'quarterly'],
  ['ORCL', '0.0094', 'quarterly'],
  ['KO', '0.0321', 'quarterly'],
  ['CVX', '0.0437', 'quarterly'],
  ['MRK', '0.0328', 'quarterly'],
  ['PEP', '0.0360', 'quarterly'],
  ['CSCO', '0.0264', 'quarterly'],
  ['IBM', '0.0261', 'quarterly'],
  ['TXN', '0.0295', 'quarterly'],
  ['AMGN', '0.0334', 'quarterly'],
  ['CAT', '0.0152', 'quarterly'],
  ['GS', '0.0187', 'quarterly'],
  ['T', '0.0468', 'monthly'],
  ['VZ', '0.0688', 'monthly'],
  ['PFE', '0.0649', 'monthly'],
];

export const cataloguePayers: DividendPayer[] = yields.flatMap(([symbol, yearlyYield, frequency]) => {
  const entry = catalogue.find((candidate) => candidate.symbol === symbol);
  return entry ? [{ symbol, yearlyYield, frequency, referencePrice: String(entry.price) }] : [];
});

export type DividendEvent = {
  symbol: string;
  exDate: string;
  payDate: string;
  /** In US dollars, the assets' currency. */
  perShare: string;
  frequency: DividendFrequency;
};

const paymentsPerYear = { quarterly: 4, monthly: 12 } as const;

/** The amount per share: yield × reference price / payments per year, to 4 decimals (half up). */
export const perShareOf = (payer: DividendPayer) =>
  new Decimal(payer.yearlyYield)
    .times(payer.referencePrice)
    .dividedBy(paymentsPerYear[payer.frequency])
    .toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

const day = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A Saturday or Sunday moves to the Monday after. */
const weekday = (ms: number) => {
  const dow = new Date(ms).getUTCDay();
  return dow === 6 ? ms + 2 * day : dow === 0 ? ms + day : ms;
};

/**
 * The payer's dividend of one period (a month, or a quarter, counted from 1970): the ex-date a
 * weekday of the period's middle month (quarterly) or the month itself (monthly), drawn from the
 * market seed, and the pay date two to four weeks later (one to two for monthly payers).
 */
function eventOf(payer: DividendPayer, seed: number, period: number): DividendEvent {
  const months = payer.frequency === 'quarterly' ? period * 3 + 1 : period;
  const monthStart = Date.UTC(1970 + Math.floor(months / 12), months % 12, 1);
  const draw = (stream: number) => uniform(seed, `${payer.symbol}:dividend`, period, stream);
  const ex = weekday(monthStart + (4 + Math.floor(draw(0) * 20)) * day);
  const wait = payer.frequency === 'quarterly' ? 14 + Math.floor(draw(1) * 14) : 7 + Math.floor(draw(1) * 7);
  const pay = weekday(ex + wait * day);
  return {
    symbol: payer.symbol,
    exDate: isoDay(ex),
    payDate: isoDay(pay),
    perShare: perShareOf(payer).toFixed(4),
    frequency: payer.frequency,
  };
}

/** The payer's dividends whose pay date falls in [from, to), oldest first; the same for the same seed. */
export function dividendsBetween(payer: DividendPayer, seed: number, from: Date, to: Date): DividendEvent[] {
  const monthsOf = (at: Date) => (at.getUTCFullYear() - 1970) * 12 + at.getUTCMonth();
  const span = payer.frequency === 'quarterly' ? 3 : 1;
  const first = Math.floor((monthsOf(from) - 3) / span);
  const last = Math.floor(monthsOf(to) / span);
  const events: DividendEvent[] = [];
  for (let period = first; period <= last; period += 1) {
    const event = eventOf(payer, seed, period);
    if (event.payDate >= isoDay(from.getTime()) && event.payDate < isoDay(to.getTime())) events.push(event);
  }
  return events;
}

/** The instant holders are counted: the close of the ex-date, 00:00 UTC after it (the stocks' day is the UTC day). */
export const exCloseOf = (event: { exDate: string }) => new Date(Date.parse(event.exDate) + day);
/** When a dividend falls due: 00:00 UTC on its pay date. */
export const payAtOf = (event: { payDate: string }) => new Date(Date.parse(event.payDate));

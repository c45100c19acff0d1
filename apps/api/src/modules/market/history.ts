import { bridge, gbmStepBack } from './engine.ts';
import { gaussian, uniform } from './random.ts';

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;
export const resolutionMs = { '5m': 5 * minute, '1h': hour, '1d': day } as const;
export type Resolution = keyof typeof resolutionMs;

export const floorTo = (time: number, step: number) => Math.floor(time / step) * step;

/** How far back each resolution is stored (and back-filled). */
export const retentionMs = { '5m': 2 * day, '1h': 60 * day, '1d': Infinity } as const;
const backfillDays = { '5m': 1, '1h': 30, '1d': 5 * 365 } as const;

export type Bar = { resolution: Resolution; startsAt: number; open: number; high: number; low: number; close: number };
export type History = {
  bars: Bar[];
  price: number;
  previousClose: number;
  dayOpen: number;
  dayHigh: number;
  dayLow: number;
};

type Asset = { symbol: string; price: number; volatility: number };

/**
 * A past that ends at today's price: daily prices for five years walked backwards from now,
 * hourly prices for thirty days and five-minute prices for the last day bridged between them,
 * so every chart range has data and the ranges agree with each other.
 */
export function backfill(asset: Asset, nowMs: number, seed: number): History {
  const now = floorTo(nowMs, resolutionMs['5m']);
  const today = floorTo(now, day);
  const noise = (stream: string) => (step: number) => gaussian(seed, `${asset.symbol}:${stream}`, step);
  const points = new Map<number, number>([[now, asset.price]]);

  // Daily: back from now to today's midnight, then one day at a time.
  let price =
    now > today ? gbmStepBack(asset.price, asset.volatility, now - today, noise('day')(today / day + 1)) : asset.price;
  points.set(today, price);
  for (let back = 1; back <= backfillDays['1d']; back += 1) {
    const midnight = today - back * day;
    price = gbmStepBack(price, asset.volatility, day, noise('day')(midnight / day));
    points.set(midnight, price);
  }

  const fill = (from: number, to: number, step: number, stream: string) => {
    const steps = Math.round((to - from) / step);
    if (steps < 2) return;
    const path = bridge(
      points.get(from) ?? asset.price,
      points.get(to) ?? asset.price,
      steps,
      asset.volatility,
      step,
      (index) => noise(stream)(from / step + index),
    );
    path.forEach((value, index) => {
      if (!points.has(from + index * step)) points.set(from + index * step, value);
    });
  };
  // Hourly for thirty days, then five-minute for today and the day before it.
  const hourlyDays: number = backfillDays['1h'];
  for (let back = hourlyDays; back >= 1; back -= 1) fill(today - back * day, today - (back - 1) * day, hour, 'hour');
  fill(today, now, resolutionMs['5m'], 'five');
  const lastHour = floorTo(now, hour);
  for (let start = floorTo(now - day, hour); start < Math.min(today, lastHour); start += hour)
    fill(start, start + hour, resolutionMs['5m'], 'five');

  const bars: Bar[] = [];
  for (const resolution of ['1d', '1h', '5m'] as const) {
    const size = resolutionMs[resolution];
    const first = floorTo(now - backfillDays[resolution] * day, size);
    for (let start = first; start <= now; start += size) {
      const open = points.get(start);
      if (open === undefined) continue;
      const close = points.get(start + size) ?? asset.price;
      let high = Math.max(open, close);
      let low = Math.min(open, close);
      for (
        let time = start + resolutionMs['5m'];
        time < Math.min(start + size, now + 1);
        time += resolution === '1d' ? hour : resolutionMs['5m']
      ) {
        const inside = points.get(time);
        if (inside !== undefined) {
          high = Math.max(high, inside);
          low = Math.min(low, inside);
        }
      }
      // Prices move inside a bar too: stretch the range a little beyond open and close.
      const wiggle = asset.volatility * Math.sqrt(size / (365.25 * day)) * 0.4;
      high *= 1 + wiggle * uniform(seed, `${asset.symbol}:high:${resolution}`, start / size);
      low *= 1 - wiggle * uniform(seed, `${asset.symbol}:low:${resolution}`, start / size);
      bars.push({ resolution, startsAt: start, open, high, low: Math.max(low, 0), close });
    }
  }

  const todayBar = bars.find((bar) => bar.resolution === '1d' && bar.startsAt === today);
  const dayOpen = points.get(today) ?? asset.price;
  return {
    bars,
    price: asset.price,
    previousClose: dayOpen,
    dayOpen,
    dayHigh: todayBar?.high ?? asset.price,
    dayLow: todayBar?.low ?? asset.price,
  };
}

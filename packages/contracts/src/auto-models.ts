/** The three model portfolios of the automated-investing wallet: target weights in percent, summing to 100. */
export const autoModels = {
  conservative: {
    name: 'Conservative',
    description:
      'Mostly large, steady companies that have paid dividends for decades, with a small 5% crypto sleeve. Smaller swings, slower growth.',
    weights: { 'BRK.B': 15, JNJ: 15, PG: 15, KO: 15, MSFT: 10, AAPL: 10, JPM: 10, WMT: 5, BTC: 5 },
  },
  balanced: {
    name: 'Balanced',
    description:
      'A mix of the largest technology companies and steady household names, with 15% in Bitcoin and Ether. Moderate swings.',
    weights: { AAPL: 12, MSFT: 12, GOOGL: 10, AMZN: 10, 'BRK.B': 10, JPM: 8, JNJ: 8, PG: 8, V: 7, BTC: 10, ETH: 5 },
  },
  growth: {
    name: 'Growth',
    description:
      'Fast-growing technology companies, with 15% in Bitcoin and Ether. Larger swings, aiming for more growth over many years.',
    weights: { NVDA: 15, MSFT: 12, AAPL: 12, AMZN: 10, GOOGL: 10, META: 10, AVGO: 8, TSLA: 8, BTC: 10, ETH: 5 },
  },
} as const satisfies Record<string, { name: string; description: string; weights: Record<string, number> }>;

export type AutoModel = keyof typeof autoModels;
export const autoModelIds = Object.keys(autoModels) as AutoModel[];

/** The model a user starts with, from the experience they gave at sign-up. */
export function defaultModelFor(experience: string | null | undefined): AutoModel {
  if (experience === 'advanced') return 'growth';
  if (experience === 'intermediate') return 'balanced';
  return 'conservative';
}

/**
 * How far a holding's weight may drift from its target before the wallet rebalances: 5 percentage
 * points, or 15% of the target when that is less. With targets of 5 to 15% a 5-point band alone
 * would never be crossed by even a 20% move of one asset; the relative band is what catches it.
 */
export function driftBand(target: number): number {
  return Math.min(0.05, target * 0.15);
}

/** An asset as the API returns it. */
export type Asset = {
  id: number;
  name: string;
  symbol: string;
  img: string;
  type: 'stocks' | 'crypto';
  price: string;
  changes_percentage: string;
  day_high: string;
  day_low: string;
  market_cap: string;
  previous_close: string;
  avg_volume: string;
  volume: string;
  listed_on: string;
  rank: number;
  watchers: number;
  starred: boolean;
};

export type AssetSort = 'name' | 'price' | 'changes_percentage' | 'day_high' | 'day_low' | 'market_cap';
export { chartRanges, type ChartRange } from '../../../components/charts/range-chart';

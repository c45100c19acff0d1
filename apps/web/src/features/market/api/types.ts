export type AssetSort = 'name' | 'price' | 'changes_percentage' | 'day_high' | 'day_low' | 'market_cap';
export { chartRanges, type ChartRange } from '../../../components/charts/range-chart';

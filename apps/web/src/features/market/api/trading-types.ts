/** A position or trade-history row as the API returns it. */
export type Position = {
  id: string;
  asset_id: number;
  asset: { name: string; symbol: string; img: string; type: 'stocks' | 'crypto' };
  asset_type: 'stocks' | 'crypto';
  account: string;
  type: 'buy' | 'sell';
  quantity: string;
  price: string;
  amount: string;
  value: string;
  cost: string;
  pl: string;
  pl_percentage: string;
  today_pl: string;
  today_pl_percentage: string;
  realised_pl: string;
  leverage: number;
  tp: string | null;
  sl: string | null;
  order_type: string;
  status: string;
  close_reason: string | null;
  created_at: string;
  closed_at: string | null;
};

/** A trade-history row (GET /api/user/position/history): one buy or sale, with the wallet it moved and why. */
export type Trade = {
  id: string;
  type: 'buy' | 'sell';
  asset: { name: string; symbol: string; img: string; type: 'stocks' | 'crypto' };
  quantity: string;
  price: string;
  amount: string;
  pl: string;
  pl_percentage: string;
  reason: 'manual' | 'take_profit' | 'stop_loss' | 'rebalance';
  status: string;
  account: 'brokerage' | 'auto';
  created_at: string;
};

/** A starred asset with its price and day (GET /api/user/watchlist). */
export type WatchlistEntry = {
  id: string;
  asset: {
    id: number;
    symbol: string;
    name: string;
    type: 'stocks' | 'crypto';
    img: string;
    price: string;
    changes_percentage: string;
    day_high: string;
    day_low: string;
    starred: true;
  };
};

/** Open positions summed per asset (GET /api/user/holdings). */
export type Holding = {
  asset: { id: number; symbol: string; name: string; type: 'stocks' | 'crypto' };
  quantity: string;
  value: string;
  cost: string;
  pl: string;
  pl_percentage: string;
};

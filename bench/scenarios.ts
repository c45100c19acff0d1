import type autocannon from 'autocannon';
import { keyed, type Asset, type Call, type Investor } from './trading-day.ts';

/** An investor of the data set, with what their money requests name. */
export type BenchInvestor = Investor & { paymentMethodId: string; positionId: string };
export type Fixtures = { investors: BenchInvestor[]; assets: Asset[]; savingsProductId: number };

/**
 * autocannon's options for one call, each request made for the next investor in turn. The first
 * refused answer is printed, so a run with errors says why.
 */
export function spreadOver<T extends Investor>(url: string, investors: T[], call: (investor: T) => Call) {
  let next = 0;
  let told = false;
  return {
    url,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          const investor = investors[(next += 1) % investors.length];
          return investor ? { ...request, ...call(investor).request } : request;
        },
        onResponse: (status: number, body: string) => {
          if (status < 300 || told) return;
          told = true;
          console.log(`    first refused answer: ${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  } satisfies autocannon.Options;
}

export const transfer = (investor: Investor) =>
  keyed(
    'POST',
    '/api/user/transaction/swap',
    { amount: '1', from: 'cash', to: 'brokerage', type: 'transfer' },
    investor,
  );

/** The money requests the web app sends, each with an Idempotency-Key, with the bodies its forms send. */
export function moneyWrites({
  assets,
  savingsProductId,
}: Fixtures): { name: string; call: (investor: BenchInvestor) => Call }[] {
  const asset = assets[0]?.id ?? 1;
  return [
    { name: 'transfer', call: transfer },
    {
      name: 'deposit request',
      call: (investor) =>
        keyed('POST', '/api/user/transaction/deposit', { amount: '500', mode: 'bank', type: 'credit' }, investor),
    },
    {
      name: 'withdrawal request',
      call: (investor) =>
        keyed(
          'POST',
          '/api/user/transaction/withdraw',
          { amount: '10', payment_method_id: investor.paymentMethodId, mode: 'bank', type: 'debit' },
          investor,
        ),
    },
    {
      name: 'buy',
      call: (investor) =>
        keyed('POST', '/api/user/position/store', { asset_id: asset, quantity: '0.01', wallet: 'brokerage' }, investor),
    },
    {
      name: 'close',
      call: (investor) =>
        keyed(
          'PUT',
          `/api/user/position/close/${investor.positionId}`,
          { position_id: investor.positionId, quantity: '0.01', wallet: 'brokerage' },
          investor,
          'PUT /api/user/position/close/:id',
        ),
    },
    {
      name: 'savings contribution',
      call: (investor) =>
        keyed(
          'POST',
          '/api/user/savings-accounts/credit',
          { savings_account_id: savingsProductId, amount: '1000', method: 'contribution' },
          investor,
        ),
    },
  ];
}

/** The reads measured first after a write: the full user include the specification names, and what the screens read. */
export const firstReads = [
  {
    name: 'user include',
    path: '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount',
  },
  { name: 'analytics 30d', path: '/api/user/analytics?timeframe=30d' },
  { name: 'positions', path: '/api/user/position?include=asset&page=1&per_page=20' },
  { name: 'transaction list', path: '/api/user/transaction/fetch?page=1&per_page=10' },
];

/** The market screen's list as the web app asks for it; public, so asked here without a token. */
export const marketListPath = '/api/assets?page=1&per_page=25&sort=name';

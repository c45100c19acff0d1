import type autocannon from 'autocannon';
import { buy, keyed, transfer, type Asset, type Call, type Investor } from './trading-day.ts';

/** An investor of the data set, with what their money requests name. */
export type BenchInvestor = Investor & { paymentMethodId: string; positionId: string };
export type Fixtures = { investors: BenchInvestor[]; assets: Asset[]; savingsProductId: number };

/**
 * autocannon's options for one call, each request made for the next investor in turn. The first
 * refused response is printed, so a run with errors says why.
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
          console.log(`    first refused response: ${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  } satisfies autocannon.Options;
}

/** The money requests the web app sends, each with an Idempotency-Key, with the bodies its forms send. */
export function moneyWrites({ assets, savingsProductId }: Fixtures): Record<string, (investor: BenchInvestor) => Call> {
  return {
    transfer,
    'deposit request': (investor) =>
      keyed('POST', '/api/user/transaction/deposit', { amount: '500', mode: 'bank', type: 'credit' }, investor),
    'withdrawal request': (investor) =>
      keyed(
        'POST',
        '/api/user/transaction/withdraw',
        { amount: '10', payment_method_id: investor.paymentMethodId, mode: 'bank', type: 'debit' },
        investor,
      ),
    buy: buy(assets[0]?.id ?? 1),
    // Far below the price, so it rests: what is measured is placing it and holding its money.
    'limit order': (investor) =>
      keyed(
        'POST',
        '/api/user/orders',
        {
          asset_id: assets[0]?.id ?? 1,
          side: 'buy',
          type: 'limit',
          amount: '1',
          limit_price: '0.5',
          time_in_force: 'gtc',
        },
        investor,
      ),
    close: (investor) =>
      keyed(
        'PUT',
        `/api/user/position/close/${investor.positionId}`,
        { position_id: investor.positionId, quantity: '0.01', wallet: 'brokerage' },
        investor,
        'PUT /api/user/position/close/:id',
      ),
    'savings contribution': (investor) =>
      keyed(
        'POST',
        '/api/user/savings-accounts/credit',
        { savings_account_id: savingsProductId, amount: '1000', method: 'contribution' },
        investor,
      ),
  };
}

/** The reads measured first after a write: the full user include (every include the API offers), and what the screens read. */
export const firstReads = {
  'user include':
    '/api/user?include=wallet,transactions,savings,country,state,city,currency,depositAccount,withdrawalAccount',
  'analytics 30d': '/api/user/analytics?timeframe=30d',
  positions: '/api/user/position?include=asset&page=1&per_page=20',
  'transaction list': '/api/user/transaction/fetch?page=1&per_page=10',
};

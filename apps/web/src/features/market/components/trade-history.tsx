import { useId, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { CardList, CardRow } from '../../../components/ui/card-list';
import { TableHead } from '../../../components/ui/table-head';
import { Pager } from '../../../components/ui/pager';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import type { Period } from '../../../lib/period';
import { useMoney } from '../../../lib/use-money';
import { useTradeHistory } from '../api/trading';
import type { Trade } from '@itrust/contracts';
import { openedOn, SignedFigure } from '../../../components/signed-figure';

const historyDate = (iso: string) => openedOn(iso).replace(/ (\d{4})$/, ', $1');

/** Why a trade happened, when the investor did not place it themselves. */
const reasonLabels = {
  take_profit: 'take profit',
  stop_loss: 'stop loss',
  rebalance: 'rebalance',
  limit: 'limit order',
  stop: 'stop order',
} as const;

type TradeHistoryProps = {
  id?: string;
  approved?: boolean;
  perPage?: number;
  /** A filter chosen outside (the /history screen); without one the block shows its own month picker. */
  period?: Period;
  /** The asset screen's symbol: only that asset's trades. */
  symbol?: string;
};

export function TradeHistory({ id, approved = true, perPage = 10, period, symbol }: TradeHistoryProps) {
  const { money } = useMoney();
  const [page, setPage] = useState(1);
  const [month, setMonth] = useState('');
  const monthId = useId();
  const history = useTradeHistory(page, perPage, period ?? { month }, approved, symbol);
  const rows = history.data?.data ?? [];
  const lastPage = history.data?.last_page ?? 1;
  const isDesktop = useIsDesktop();

  return (
    <Card
      id={id}
      title="Trade History"
      busy={history.isPlaceholderData}
      action={
        <div className={`flex items-center gap-2 text-sm ${period ? 'hidden' : ''}`}>
          <label htmlFor={monthId} className="text-slate-700">
            Select month
          </label>
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              setPage(1);
            }}
            className="min-h-11 rounded-lg border border-slate-300 px-2"
          />
        </div>
      }
    >
      {history.isError && <MessageBanner error={history.error.message} />}
      {approved && history.isPending && <p className="mt-4 text-slate-600">Loading your trades…</p>}
      {(!approved || (history.isSuccess && rows.length === 0)) && (
        <p className="mt-4 text-slate-600">You have no data</p>
      )}
      {rows.length > 0 &&
        (isDesktop ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm" data-testid="trade-history">
              <TableHead columns={['Type/Date', 'Assets', 'Amount / Qty', 'P / L', 'Status']} />
              <tbody className="divide-y divide-slate-100">
                {rows.map((trade) => (
                  <tr key={trade.id}>
                    <td className="py-2">
                      <TradeType trade={trade} />
                      <span className="block text-xs text-slate-600">{historyDate(trade.created_at)}</span>
                    </td>
                    <td>
                      {trade.asset.name}
                      <span className="block text-xs text-slate-600">{trade.asset.symbol}</span>
                    </td>
                    <td className="tabular-nums">
                      {money(trade.amount)}
                      <span className="block text-xs text-slate-600">{trade.quantity}</span>
                    </td>
                    <td>
                      <SignedFigure amount={trade.pl} percent={trade.pl_percentage} />
                    </td>
                    <td>
                      <TradeStatus trade={trade} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          // A phone has no room for five columns: each trade is a card with every figure on screen.
          <CardList testId="trade-history">
            {rows.map((trade) => (
              <CardRow
                key={trade.id}
                title={
                  <>
                    <span className="block truncate font-medium text-slate-900">{trade.asset.name}</span>
                    <span className="block text-xs text-slate-600">
                      {trade.asset.symbol} · {historyDate(trade.created_at)}
                    </span>
                  </>
                }
                aside={<TradeType trade={trade} />}
                figures={[
                  ['Amount / Qty', `${money(trade.amount)} · ${trade.quantity}`],
                  ['P / L', <SignedFigure amount={trade.pl} percent={trade.pl_percentage} />],
                  ['Status', <TradeStatus trade={trade} />],
                ]}
              />
            ))}
          </CardList>
        ))}
      <Pager
        summary={`${history.data?.total ?? 0} ${history.data?.total === 1 ? 'asset' : 'assets'}`}
        page={page}
        lastPage={lastPage}
        onPage={setPage}
      />
    </Card>
  );
}

function TradeType({ trade }: { trade: Trade }) {
  return (
    <>
      <span className={`font-semibold ${trade.type === 'buy' ? 'text-emerald-700' : 'text-red-700'}`}>
        {trade.type}
      </span>{' '}
      <span className="text-slate-600">{trade.asset.type}</span>
      {trade.account === 'auto' && (
        <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">auto-invest</span>
      )}
    </>
  );
}

function TradeStatus({ trade }: { trade: Trade }) {
  return (
    <span className={`font-semibold ${trade.status === 'open' ? 'text-blue-700' : 'text-red-700'}`}>
      {trade.status}
      {trade.reason !== 'manual' && <span className="block text-xs font-normal">{reasonLabels[trade.reason]}</span>}
    </span>
  );
}

import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Fact } from '../../../components/ui/fact';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useWallets } from '../../../lib/queries/wallets';
import { useMoney } from '../../../lib/use-money';
import { signedPercent, type Analytics } from '@itrust/contracts';

type Row = {
  name: string;
  amount: string | null;
  move: { pl: string; percent: string } | null;
  /** Cash that pending withdrawals hold. */
  reserved?: string | null;
  to: string;
};

const investing = [
  { kind: 'auto', name: 'Automated Investing', to: '/auto' },
  { kind: 'brokerage', name: 'Brokerage', to: '/market' },
] as const;

/**
 * Where the net worth sits: cash (what is available, and what pending withdrawals reserve), the two
 * investing wallets with their move today, and savings.
 */
export function WalletBreakdown({ analytics }: { analytics: Analytics | undefined }) {
  const wallets = useWallets();
  const { money } = useMoney();
  const rows: Row[] = wallets.data
    ? [
        // What can be spent, as /cash shows it; what pending withdrawals hold is said beneath.
        {
          name: 'Cash',
          amount: wallets.data.cash.available,
          move: null,
          reserved: wallets.data.cash.held === '0.00' ? null : wallets.data.cash.held,
          to: '/cash',
        },
        ...investing.map(({ kind, name, to }) => ({
          name,
          amount: wallets.data[kind].total,
          move: { pl: wallets.data[kind]['24hr_pl'], percent: wallets.data[kind]['24hr_pl_percentage'] },
          to,
        })),
        { name: 'Savings', amount: analytics?.total_savings ?? null, move: null, to: '/savings' },
      ]
    : [];
  return (
    <Card id="account" title="Wallet breakdown">
      {wallets.isPending && <p className="mt-3 text-sm text-slate-600">Loading your wallets…</p>}
      {wallets.isError && <MessageBanner error={wallets.error.message} />}
      {wallets.data && (
        <>
          <p className="mt-3 text-sm text-slate-600">Net worth</p>
          <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="net-worth">
            {money(wallets.data.cash.total_networth)}
          </p>
          <ul className="mt-4 divide-y divide-slate-100" data-testid="wallet-breakdown">
            {rows.map((row) => (
              <li key={row.name} className="flex items-center justify-between gap-3 py-3">
                <Link to={row.to} className="font-medium text-slate-900 hover:underline">
                  {row.name}
                </Link>
                <span className="text-right tabular-nums">
                  <span className="block font-semibold">{row.amount === null ? '…' : money(row.amount)}</span>
                  {row.reserved && (
                    <span className="block text-xs text-slate-600" data-testid="cash-reserved">
                      {money(row.reserved)} reserved for pending withdrawals
                    </span>
                  )}
                  {row.move && (
                    <span
                      className={`block text-xs ${row.move.pl.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}
                    >
                      {row.move.pl.startsWith('-') ? '' : '+'}
                      {money(row.move.pl)} ({signedPercent(row.move.percent, row.move.pl.startsWith('-'))}) today
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {analytics && (
            <dl className="mt-2 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
              <Fact label="Deposited">{money(analytics.total_deposited)}</Fact>
              <Fact label="Withdrawn">{money(analytics.total_withdrawn)}</Fact>
            </dl>
          )}
        </>
      )}
    </Card>
  );
}

import type { UserSavings } from '@itrust/contracts';
import { decimalOf, percentOf, sumMoney } from '@itrust/contracts/money';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMoney } from '../../../lib/use-money';
import { useMySavings } from '../api/savings';
import { SavingsActivity } from '../components/savings-activity';
import { SavingsCard } from '../components/savings-card';

export function SavingsRoute() {
  useDocumentTitle('Savings');
  const savings = useMySavings();
  const accounts = savings.data ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Savings</h1>
        <Link
          to="/openaccount"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          open account
        </Link>
      </div>
      {savings.isError && <MessageBanner error={savings.error.message} />}
      <Summary accounts={accounts} loading={savings.isPending} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="accounts-heading" className="lg:col-span-2">
          <h2 id="accounts-heading" className="mb-3 text-lg font-bold text-brand-900">
            Your accounts
          </h2>
          {savings.isPending && <p className="text-slate-600">Loading your accounts…</p>}
          {savings.isSuccess && accounts.length === 0 && (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              You have no accounts{' '}
              <Link to="/openaccount" className="mt-2 block font-semibold text-brand-700 underline">
                Open your first savings account
              </Link>
            </p>
          )}
          <ul className="grid gap-4 md:grid-cols-2">
            {accounts.map((account) => (
              <SavingsCard key={account.id} account={account} />
            ))}
          </ul>
        </section>
        <div className="space-y-6">
          <Holdings accounts={accounts} />
          <SavingsActivity />
        </div>
      </div>
    </div>
  );
}

const sumOf = (accounts: UserSavings[], field: 'balance' | 'total_savings_return' | 'total_savings_24hr') =>
  sumMoney(accounts.map((account) => account[field]));

function Summary({ accounts, loading }: { accounts: UserSavings[]; loading: boolean }) {
  const { money } = useMoney();
  const figures = [
    { label: 'Total savings', value: sumOf(accounts, 'balance'), testId: 'total-savings' },
    { label: 'Interest earned', value: sumOf(accounts, 'total_savings_return'), testId: 'total-return' },
    { label: 'Last 24 hours', value: sumOf(accounts, 'total_savings_24hr'), testId: 'return-24h' },
  ];
  return (
    <section aria-label="Savings summary" className="grid gap-4 rounded-2xl bg-brand-900 p-6 text-white sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label}>
          <p className="text-sm text-brand-100">{figure.label}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={figure.testId}>
            {loading ? '…' : money(figure.value)}
          </p>
        </div>
      ))}
    </section>
  );
}

/** How the savings split across accounts, as shares of the total. */
function Holdings({ accounts }: { accounts: UserSavings[] }) {
  const { money } = useMoney();
  const total = sumOf(accounts, 'balance');
  return (
    <Card title="Account holdings">
      {decimalOf(total).isZero() ? (
        <p className="mt-3 text-sm text-slate-600">You have no savings</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {accounts.map((account) => {
            const share = percentOf(account.balance, total, 1);
            return (
              <li key={account.id} className="text-sm">
                <div className="flex justify-between gap-3">
                  <span className="font-medium text-slate-900">{account.savings_account.name}</span>
                  <span className="tabular-nums text-slate-700">
                    {money(account.balance)} · {share}%
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

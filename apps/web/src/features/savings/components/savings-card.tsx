import { Link } from 'react-router';
import { useMoney } from '../../../lib/use-money';
import { SignedFigure } from '../../../components/signed-figure';
import type { UserSavings } from '@itrust/contracts';

const linkClass =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition-colors';

/** One savings account: balance, what it has earned, the year's contribution room, and its two actions. */
export function SavingsCard({ account }: { account: UserSavings }) {
  const { money } = useMoney();
  const name = account.savings_account.name;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="savings-card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold text-brand-900">{name}</h3>
          <p className="text-xs text-slate-600">{account.savings_account.title}</p>
        </div>
        <p className="text-xs font-semibold text-emerald-800">{account.annual_rate_percentage}% a year</p>
      </div>
      <p className="mt-4 text-xs text-slate-600">Balance</p>
      <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="savings-balance">
        {money(account.balance)}
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Interest earned</dt>
          <dd>
            <SignedFigure amount={account.total_savings_return} percent={account.return_percentage} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Room left in {account.contribution_year}</dt>
          <dd className="font-medium tabular-nums text-slate-900" data-testid="contribution-room">
            {account.contribution_room === null ? 'No yearly limit' : money(account.contribution_room)}
          </dd>
        </div>
      </dl>
      <div className="mt-5 flex gap-3">
        <Link
          to={`/contribute/${encodeURIComponent(name)}`}
          className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}
          aria-label={`contribute to ${name}`}
        >
          contribute
        </Link>
        <Link
          to={`/cashout/${encodeURIComponent(name)}/${account.balance}`}
          className={`${linkClass} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
          aria-label={`cash out from ${name}`}
        >
          cash out
        </Link>
      </div>
    </li>
  );
}

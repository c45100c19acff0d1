import { formatMoney } from '@itrust/contracts/format';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { apiData } from '../../../lib/api-client';

type Wallets = {
  cash: { balance: string; total_networth: string };
  auto: { balance: string; total: string };
  brokerage: { balance: string; total: string };
};
type UserWithWallet = { kyc: string; first_name: string; currency: { sign: string }; wallet: Wallets };

const useUserWithWallet = () =>
  useQuery({
    queryKey: ['user', 'wallet'],
    queryFn: async () => (await apiData<{ user: UserWithWallet }>('/user?include=wallet')).user,
  });

/** The portfolio start screen: identity notices and the three wallets. */
export function PortfolioRoute() {
  useDocumentTitle('Portfolio');
  const user = useUserWithWallet();

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-brand-900">Portfolio</h1>
      {user.data?.kyc === 'pending' && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Verify your identity to start trading and saving.{' '}
          <Link to="/user" className="font-semibold underline">
            Verify now
          </Link>
        </p>
      )}
      {user.data?.kyc === 'submitted' && (
        <p role="note" className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          You&apos;ve submitted your documents for verification, Our team will get back to you shortly!
        </p>
      )}
      {user.isPending && <p className="text-slate-600">Loading your wallets…</p>}
      {user.isError && (
        <p role="alert" className="text-red-700">
          {user.error.message}
        </p>
      )}
      {user.data && (
        <section aria-labelledby="wallets-title">
          <h2 id="wallets-title" className="text-lg font-semibold text-brand-800">
            Wallets
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-3">
            {[
              { name: 'Cash', amount: user.data.wallet.cash.balance },
              { name: 'Automated Investing', amount: user.data.wallet.auto.total },
              { name: 'Brokerage', amount: user.data.wallet.brokerage.total },
            ].map((wallet) => (
              <li key={wallet.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="text-sm text-slate-600">{wallet.name}</p>
                <p className="mt-1 text-2xl font-semibold text-slate-900">
                  {formatMoney(wallet.amount, user.data.currency.sign)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

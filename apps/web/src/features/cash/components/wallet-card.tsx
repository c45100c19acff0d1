import { useState } from 'react';
import { Link } from 'react-router';
import { MessageBanner } from '../../../components/ui/message-banner';
import { sessionKeys } from '../../../lib/storage-keys';
import { useTotals } from '../api/wallet';
import { useWallets } from '../../../lib/queries/wallets';
import { useMoney } from '../../../lib/use-money';

/** The cash balance (hideable), what is reserved, the totals, and on phones the three money links. */
export function WalletCard({ showLinks }: { showLinks: boolean }) {
  const wallets = useWallets();
  const totals = useTotals();
  const { money } = useMoney();
  const [hidden, setHidden] = useState(false);
  const lastUpdated = sessionStorage.getItem(sessionKeys.lastUpdated);

  return (
    <section aria-labelledby="wallet-title" className="rounded-2xl bg-brand-800 p-6 text-white shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="wallet-title" className="text-sm font-medium text-brand-100">
            Cash balance
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="cash-balance">
            {wallets.isPending ? '…' : hidden ? '********' : money(wallets.data?.cash.available)}
          </p>
          {wallets.data && wallets.data.cash.held !== '0.00' && !hidden && (
            <p className="mt-1 text-xs text-brand-100">
              {money(wallets.data.cash.held)} reserved for pending withdrawals
            </p>
          )}
          <p className="mt-1 text-xs text-brand-100">
            {lastUpdated ? `Last updated ${lastUpdated}` : `Updated ${new Date().toLocaleTimeString('en-US')}`}
          </p>
        </div>
        <button
          type="button"
          onClick={() => setHidden(!hidden)}
          aria-pressed={hidden}
          className="rounded-lg border border-white/30 px-3 py-1.5 text-xs font-semibold hover:bg-white/10"
        >
          {hidden ? 'Show balance' : 'Hide balance'}
        </button>
      </div>
      {wallets.isError && <MessageBanner error={wallets.error.message} />}
      <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-white/15 pt-4 text-sm">
        <div>
          <dt className="text-brand-100">Deposited</dt>
          <dd className="font-semibold tabular-nums">{hidden ? '****' : money(totals.data?.total_deposited)}</dd>
        </div>
        <div>
          <dt className="text-brand-100">Withdrawn</dt>
          <dd className="font-semibold tabular-nums">{hidden ? '****' : money(totals.data?.total_withdrawn)}</dd>
        </div>
      </dl>
      {showLinks && (
        <nav aria-label="Move money" className="mt-5 grid grid-cols-3 gap-2">
          {(['deposit', 'transfer', 'withdraw'] as const).map((page) => (
            <Link
              key={page}
              to={`/${page}`}
              className="rounded-lg bg-white/10 px-3 py-2 text-center text-sm font-semibold capitalize hover:bg-white/20"
            >
              {page}
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}

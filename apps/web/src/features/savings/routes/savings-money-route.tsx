import { moneyOf, ungrouped } from '@itrust/contracts/money';
import { exceedsAvailable } from '@itrust/contracts/wallet-rules';
import {
  savingsAmountLimits,
  savingsRangeMessage,
  savingsRefusals,
  savingsRoomMessage,
} from '@itrust/contracts/savings-rules';
import { Link, useParams } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/ui/button';
import { Fact } from '../../../components/ui/fact';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAmountRequest } from '../../../hooks/use-amount-request';
import { useWallets } from '../../../lib/queries/wallets';
import { ConfirmFlow } from '../../../components/confirm-flow';
import { useMoney } from '../../../lib/use-money';
import { useMoveSavings, useMySavings } from '../api/savings';

type Method = 'contribution' | 'cashout';

const limitsHint = (method: Method, money: (amount: number) => string) =>
  `Between ${money(savingsAmountLimits.min)} and ${money(savingsAmountLimits.max)}${
    method === 'cashout' ? ', or the whole balance' : ''
  }.`;

/** /contribute/{walletName}: cash wallet → savings account. */
export const ContributeRoute = () => <SavingsMoneyPage method="contribution" />;
/** /cashout/{walletName}/{balance}: savings account → cash wallet. */
export const CashOutRoute = () => <SavingsMoneyPage method="cashout" />;

function SavingsMoneyPage({ method }: { method: Method }) {
  const { walletName = '' } = useParams();
  const title = method === 'contribution' ? `Contribute to ${walletName}` : `Cash out from ${walletName}`;
  useDocumentTitle(title);
  const savings = useMySavings();
  const wallets = useWallets();
  const move = useMoveSavings(method);
  const { entered } = useMoney();
  const account = savings.data?.find((candidate) => candidate.savings_account.name === walletName);
  const { amount, setAmount, confirming, error, request, close } = useAmountRequest((amount) => {
    if (amount.trim() === '') return 'Amount required!';
    const value = moneyOf(amount);
    if (value === null || value.lte(0)) return 'Enter an amount greater than 0.';
    // The form shows only with its account. Then the server's own checks, made here first so that a
    // refusal does not wait for the confirmation.
    if (!account) return null;
    const emptiesAccount = method === 'cashout' && value.eq(account.balance);
    if (!emptiesAccount && (value.lt(savingsAmountLimits.min) || value.gt(savingsAmountLimits.max)))
      return savingsRangeMessage(method === 'contribution' ? 'contribution' : 'cash-out', entered);
    const room = method === 'contribution' ? account.contribution_room : null;
    if (room !== null && value.gt(moneyOf(room) ?? 0))
      return savingsRoomMessage(room, account.contribution_year, entered);
    if (exceedsAvailable(amount, method === 'contribution' ? wallets.data?.cash.available : account.balance))
      return method === 'contribution' ? savingsRefusals.insufficientCash : savingsRefusals.insufficientSavings;
    return null;
  });

  return (
    <div className="mx-auto max-w-lg space-y-5">
      <Link to="/savings" className="text-sm font-semibold text-brand-700">
        ← Back to savings
      </Link>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {savings.isPending && <p className="text-slate-600">Loading your account…</p>}
      {savings.isError && <MessageBanner error={savings.error.message} />}
      {savings.isSuccess && !account && (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          You have no {walletName} account.{' '}
          <Link to="/openaccount" className="font-semibold text-brand-700 underline">
            Open one
          </Link>
        </p>
      )}
      {account && (
        <form
          onSubmit={request}
          noValidate
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
            <Fact label={`${walletName} balance`}>{entered(account.balance)}</Fact>
            <Fact label={method === 'contribution' ? `Room left in ${account.contribution_year}` : 'Cash balance'}>
              {method === 'contribution'
                ? account.contribution_room === null
                  ? 'No yearly limit'
                  : entered(account.contribution_room)
                : entered(wallets.data?.cash.available)}
            </Fact>
            {method === 'contribution' && <Fact label="From cash">{entered(wallets.data?.cash.available)}</Fact>}
          </dl>
          <AmountField
            name="savings-amount"
            placeholder="0.00"
            hint={limitsHint(method, entered)}
            value={amount}
            onChange={setAmount}
          />
          <MessageBanner error={error} />
          <Button type="submit" className="w-full">
            {method === 'contribution' ? 'Contribute' : 'Cash out'}
          </Button>
          {confirming && (
            <ConfirmFlow
              title={method === 'contribution' ? 'confirm contribution' : 'confirm cash-out'}
              details={[
                { label: 'Method', value: method === 'contribution' ? 'Contribution' : 'Cash-out' },
                { label: 'Amount', value: entered(amount) },
                { label: 'Account', value: walletName },
              ]}
              submit={() =>
                move.mutateAsync({
                  savings_account_id: account.savings_account_id,
                  amount: ungrouped(amount) ?? amount,
                })
              }
              sendingText="Processing..."
              doneTitle={method === 'contribution' ? 'Contribution received' : 'Cash-out completed'}
              continueTo="/savings"
              onClose={close}
            />
          )}
        </form>
      )}
    </div>
  );
}

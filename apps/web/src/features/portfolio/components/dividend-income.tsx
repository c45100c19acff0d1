import { Card } from '../../../components/ui/card';
import { Fact } from '../../../components/ui/fact';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { dividendDate, useDividendIncome, useDividendSettings, useSetReinvest } from '../../../lib/queries/dividends';
import { useMoney } from '../../../lib/use-money';

/** How many payments the block lists; the history lists them all. */
const shown = 10;

/** Dividend income this year and over the last 12 months, the latest payments, and the reinvestment switch. */
export function DividendIncome() {
  const income = useDividendIncome();
  const { money } = useMoney();
  return (
    <Card id="income" title="Dividend income">
      {income.isPending && <p className="mt-3 text-sm text-slate-600">Loading your dividends…</p>}
      {income.isError && (
        <div className="mt-3">
          <MessageBanner error={income.error.message} />
        </div>
      )}
      {income.data && (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
            <Fact label="This year" testId="dividends-this-year">
              {money(income.data.this_year)}
            </Fact>
            <Fact label="Last 12 months" testId="dividends-last-12-months">
              {money(income.data.last_12_months)}
            </Fact>
          </dl>
          {income.data.payments.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">
              No dividends yet. Stocks that pay them credit you on their pay date.
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100" aria-label="Latest dividends">
              {income.data.payments.slice(0, shown).map((payment) => (
                <li
                  key={`${payment.symbol}|${payment.ex_date}|${payment.wallet}`}
                  className="flex items-center justify-between gap-3 py-2 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{payment.symbol}</p>
                    <p className="text-xs whitespace-nowrap text-slate-600">{dividendDate(payment.paid_at)}</p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold tabular-nums">{money(payment.amount)}</p>
                    <p className="text-xs text-slate-600">{payment.reinvested ? 'Reinvested' : 'As cash'}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ReinvestSwitch />
    </Card>
  );
}

function ReinvestSwitch() {
  const settings = useDividendSettings();
  const change = useSetReinvest();
  const toast = useToast();
  if (settings.isPending) return <p className="mt-3 text-sm text-slate-600">Loading your reinvestment setting…</p>;
  if (settings.isError) return <MessageBanner error={settings.error.message} />;
  return (
    <div className="mt-2 border-t border-slate-100">
      <Switch
        label="Reinvest dividends"
        description="Each dividend buys more of the stock that paid it, at the price then."
        checked={change.isPending ? change.variables : settings.data.reinvest}
        disabled={change.isPending}
        onChange={(reinvest) => change.mutate(reinvest, { onSuccess: (response) => toast.success(response.message) })}
      />
      <MessageBanner error={change.error?.message ?? null} />
    </div>
  );
}

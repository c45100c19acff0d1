import { useMoney } from '../../../lib/use-money';
import type { Analytics } from '@itrust/contracts';

const labels = ['Investments', 'Savings', 'Interest earned'] as const;

/** While the figures load, the tiles keep their place, so nothing below them jumps when they arrive. */
export function PortfolioSummary({ analytics }: { analytics: Analytics | undefined }) {
  const { money } = useMoney();
  const signed = (amount: string) => `${amount.startsWith('-') ? '' : '+'}${money(amount)}`;
  const tiles = analytics
    ? [
        {
          value: money(analytics.total_investment),
          note: `${signed(analytics.total_investment_24hr)} today`,
        },
        {
          value: money(analytics.total_savings),
          note: `${signed(analytics.total_savings_24hr)} interest today`,
        },
        { value: money(analytics.total_savings_return), note: 'on your savings, all time' },
      ]
    : undefined;
  return (
    <section
      aria-label="Portfolio summary"
      aria-busy={!analytics}
      className="grid gap-4 rounded-2xl bg-brand-900 p-5 text-white sm:grid-cols-3"
    >
      {!tiles && <p className="sr-only">Loading your figures…</p>}
      {labels.map((label, index) => (
        <div key={label}>
          <p className="text-sm text-brand-100">{label}</p>
          {tiles ? (
            <>
              <p className="mt-1 text-2xl font-bold tabular-nums">{tiles[index]?.value}</p>
              <p className="text-xs text-brand-100">{tiles[index]?.note}</p>
            </>
          ) : (
            <div aria-hidden="true">
              <p className="mt-1 h-8 w-32 animate-pulse rounded bg-brand-800" />
              <p className="mt-0.5 h-3.5 w-24 animate-pulse rounded bg-brand-800" />
            </div>
          )}
        </div>
      ))}
    </section>
  );
}

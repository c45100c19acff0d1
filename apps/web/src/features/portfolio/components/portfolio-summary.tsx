import { useMoney } from '../../cash/components/use-money';
import type { Analytics } from '../api/portfolio';

/** Investments and savings at a glance, with what they did in the last 24 hours. */
export function PortfolioSummary({ analytics }: { analytics: Analytics | undefined }) {
  const { money } = useMoney();
  const signed = (amount: string) => `${amount.startsWith('-') ? '' : '+'}${money(amount)}`;
  const tiles = analytics
    ? [
        {
          label: 'Investments',
          value: money(analytics.total_investment),
          note: `${signed(analytics.total_investment_24hr)} today`,
        },
        {
          label: 'Savings',
          value: money(analytics.total_savings),
          note: `${signed(analytics.total_savings_24hr)} interest today`,
        },
        { label: 'Interest earned', value: money(analytics.total_savings_return), note: 'on your savings, all time' },
      ]
    : [];
  return (
    <section
      aria-label="Portfolio summary"
      className="grid gap-4 rounded-2xl bg-brand-900 p-5 text-white sm:grid-cols-3"
    >
      {analytics ? (
        tiles.map((tile) => (
          <div key={tile.label}>
            <p className="text-sm text-brand-100">{tile.label}</p>
            <p className="mt-1 text-2xl font-bold tabular-nums">{tile.value}</p>
            <p className="text-xs text-brand-100">{tile.note}</p>
          </div>
        ))
      ) : (
        <p className="text-sm text-brand-100">Loading your figures…</p>
      )}
    </section>
  );
}

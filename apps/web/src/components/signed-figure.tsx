import { signedPercent } from '@itrust/contracts';
import { useMoney } from '../lib/use-money';

export const openedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });

/** A profit in green with a plus sign, a loss in red, in the display currency. */
export function SignedFigure({ amount, percent }: { amount: string; percent: string }) {
  const { money } = useMoney();
  const negative = amount.trim().startsWith('-');
  return (
    <span className={`font-semibold tabular-nums ${negative ? 'text-red-700' : 'text-emerald-700'}`}>
      {negative ? '' : '+'}
      {money(amount)} ({signedPercent(percent, negative)})
    </span>
  );
}

import { formatMoney } from '@itrust/contracts/format';

/** 'dd MMM yyyy', as positions show their opening date. */
export const openedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });

/** A profit in green with a plus sign, a loss in red. */
export function SignedFigure({ amount, percent, sign }: { amount: string; percent: string; sign: string }) {
  const negative = amount.trim().startsWith('-');
  return (
    <span className={`font-semibold tabular-nums ${negative ? 'text-red-700' : 'text-emerald-700'}`}>
      {negative ? '' : '+'}
      {formatMoney(amount, sign)} ({negative ? '' : '+'}
      {percent}%)
    </span>
  );
}

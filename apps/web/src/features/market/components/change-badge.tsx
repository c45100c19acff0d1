import { decimalOf } from '@itrust/contracts/money';

export function ChangeBadge({ value, className = '' }: { value: string; className?: string }) {
  const change = decimalOf(value);
  const down = change.isNegative() && !change.isZero();
  return (
    <span
      className={`inline-flex items-center gap-1 font-semibold tabular-nums ${down ? 'text-red-700' : 'text-emerald-700'} ${className}`}
    >
      <span aria-hidden="true">{down ? '▼' : '▲'}</span>
      <span>
        <span className="sr-only">{down ? 'down ' : 'up '}</span>
        {change.abs().toFixed(2)}%
      </span>
    </span>
  );
}

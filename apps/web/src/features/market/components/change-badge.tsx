import { parseNumber } from '@itrust/contracts/format';

export function ChangeBadge({ value, className = '' }: { value: string; className?: string }) {
  const change = parseNumber(value);
  const down = change < 0;
  return (
    <span
      className={`inline-flex items-center gap-1 font-semibold tabular-nums ${down ? 'text-red-700' : 'text-emerald-700'} ${className}`}
    >
      <span aria-hidden="true">{down ? '▼' : '▲'}</span>
      <span>
        <span className="sr-only">{down ? 'down ' : 'up '}</span>
        {Math.abs(change).toFixed(2)}%
      </span>
    </span>
  );
}

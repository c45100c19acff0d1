import { useId } from 'react';
import type { Period } from '../../lib/period';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type PeriodFilterProps = { period: Period; onChange: (period: Period) => void };

/** A day or a month of a year narrows every history tab and its export. */
export function PeriodFilter({ period, onChange }: PeriodFilterProps) {
  const id = useId();
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: 6 }, (_, index) => String(thisYear - index));
  const [year, month] = period.month ? (period.month.split('-') as [string, string]) : [String(thisYear), ''];
  const selectClass = 'min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm';
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-date`} className="block text-xs font-medium text-slate-700">
          Search by date
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={period.date ?? ''}
          onChange={(event) => onChange(event.target.value ? { date: event.target.value } : {})}
          className={selectClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-month`} className="block text-xs font-medium text-slate-700">
          Month
        </label>
        <select
          id={`${id}-month`}
          value={period.month ? month : ''}
          onChange={(event) => onChange(event.target.value ? { month: `${year}-${event.target.value}` } : {})}
          className={selectClass}
        >
          <option value="">All months</option>
          {monthNames.map((name, index) => (
            <option key={name} value={String(index + 1).padStart(2, '0')}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-year`} className="block text-xs font-medium text-slate-700">
          Year
        </label>
        <select
          id={`${id}-year`}
          value={year}
          disabled={!period.month}
          onChange={(event) => onChange({ month: `${event.target.value}-${month || '01'}` })}
          className={selectClass}
        >
          {years.map((candidate) => (
            <option key={candidate}>{candidate}</option>
          ))}
        </select>
      </div>
      {(period.month || period.date) && (
        <button
          type="button"
          onClick={() => onChange({})}
          className="min-h-11 px-2 text-sm font-semibold text-brand-700 underline"
        >
          Clear
        </button>
      )}
    </div>
  );
}

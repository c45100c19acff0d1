import { onArrowKeys } from '../../lib/arrow-keys';

type SegmentedControlProps<T extends string> = {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** 'tab' switches what is shown; 'radio' picks a value inside a form. */
  kind?: 'tab' | 'radio';
  optionLabel?: (option: T) => string;
  className?: string;
  /** Smaller type for many segments on a phone. */
  compact?: boolean;
  /** Segments of their own width that wrap onto more rows, for long labels. */
  wrap?: boolean;
  /** The id of the tab panel the tabs control; each tab is then `${panelId}-tab-${option}`. */
  panelId?: string;
};

export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  kind = 'tab',
  optionLabel,
  className = '',
  compact = false,
  wrap = false,
  panelId,
}: SegmentedControlProps<T>) {
  return (
    <div
      role={kind === 'tab' ? 'tablist' : 'radiogroup'}
      aria-label={label}
      onKeyDown={onArrowKeys(options, value, onChange)}
      className={`${wrap ? 'flex flex-wrap' : 'grid auto-cols-fr grid-flow-col'} gap-1 rounded-lg bg-slate-100 p-1 ${className}`}
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role={kind}
          id={panelId && `${panelId}-tab-${option}`}
          aria-controls={panelId}
          {...(kind === 'tab' ? { 'aria-selected': value === option } : { 'aria-checked': value === option })}
          tabIndex={value === option ? 0 : -1}
          onClick={() => onChange(option)}
          className={`min-h-11 rounded-md font-semibold ${optionLabel ? '' : 'capitalize'} ${compact ? 'px-0.5 text-xs' : wrap ? 'px-4 text-sm' : 'px-1 text-sm'} ${
            value === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700'
          }`}
        >
          {optionLabel ? optionLabel(option) : option}
        </button>
      ))}
    </div>
  );
}

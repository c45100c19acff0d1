import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export type SelectOption = { id: number | string; name: string };

type SearchableSelectProps = {
  label: string;
  options: SelectOption[];
  value: SelectOption['id'] | null;
  onChange: (id: SelectOption['id']) => void;
  disabled?: boolean;
  loading?: boolean;
  error?: string | undefined;
};

export function SearchableSelect({ label, options, value, onChange, disabled, loading, error }: SearchableSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const selected = options.find((option) => option.id === value);

  const needle = query.trim().toLowerCase();
  const filtered = options.filter((option) => option.name.toLowerCase().includes(needle));

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    trigger.current?.focus();
  };
  const choose = (option: SelectOption | undefined) => {
    if (!option) return;
    onChange(option.id);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, filtered.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') choose(filtered[active]);
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
  };

  return (
    <div ref={root} className="relative">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </span>
      <button
        ref={trigger}
        id={`${id}-trigger`}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-trigger`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => {
          setOpen((wasOpen) => !wasOpen);
          setActive(0);
        }}
        className="mt-1 flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-slate-900 shadow-sm disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid]:border-red-600"
      >
        <span className={selected ? '' : 'text-slate-500'}>
          {loading ? 'Loading…' : (selected?.name ?? 'Select an option')}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="absolute z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <input
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-label={`Search ${label}`}
            aria-activedescendant={filtered[active] ? `${id}-option-${active}` : undefined}
            placeholder="Search..."
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="block min-h-10 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <ul
            id={`${id}-list`}
            role="listbox"
            aria-labelledby={`${id}-label`}
            className="mt-2 max-h-60 overflow-y-auto"
          >
            {filtered.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No options found</li>}
            {filtered.map((option, index) => (
              <li
                key={option.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={option.id === value}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={`cursor-pointer rounded-md px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'} ${option.id === value ? 'font-semibold' : ''}`}
              >
                {option.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

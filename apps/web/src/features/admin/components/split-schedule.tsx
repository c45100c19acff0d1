import { splitRatioLabel, type Split } from '@itrust/contracts';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCancelSplit, useScheduleSplit, useSplits, type SplitRequest } from '../api/splits';

const statusLabels: Record<Split['status'], string> = {
  scheduled: 'Scheduled',
  applied: 'Applied',
  cancelled: 'Cancelled',
};
const empty: SplitRequest = { symbol: '', to: '', from: '1', effective_on: '' };
const fieldError = (error: unknown, ...fields: string[]) =>
  error instanceof ApiError ? fields.flatMap((field) => error.errors[field] ?? [])[0] : undefined;

/** The operator schedules a stock split for a later date, sees the splits, and cancels one not yet applied. */
export function SplitSchedule() {
  const [form, setForm] = useState<SplitRequest>(empty);
  const schedule = useScheduleSplit();
  const cancel = useCancelSplit();
  const splits = useSplits();
  const change = (field: keyof SplitRequest) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    cancel.reset();
    schedule.mutate({ ...form, symbol: form.symbol.trim().toUpperCase() }, { onSuccess: () => setForm(empty) });
  };
  const error = schedule.error;
  const formError = error instanceof ApiError && Object.keys(error.errors).length > 0 ? undefined : error?.message;

  let list;
  if (splits.isPending) list = <p className="text-slate-600">Loading…</p>;
  else if (splits.isError) list = <MessageBanner error={splits.error.message} />;
  else if (splits.data.length === 0) list = <p className="text-slate-600">No splits scheduled or applied yet.</p>;
  else
    list = (
      <ul aria-label="Splits" className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {splits.data.map((split) => (
          <li key={split.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {split.symbol} {splitRatioLabel(split)}
              </p>
              <p className="text-slate-600">
                Effective {split.effective_on} · {statusLabels[split.status]}
                {split.applied_at ? ` ${new Date(split.applied_at).toLocaleString('en-US')}` : ''}
              </p>
            </div>
            {split.status === 'scheduled' && (
              <Button
                variant="secondary"
                disabled={cancel.isPending}
                onClick={() => {
                  schedule.reset();
                  cancel.mutate(split.id);
                }}
                aria-label={`Cancel the ${split.symbol} ${splitRatioLabel(split)} split`}
              >
                Cancel
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Schedule a split"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 className="text-lg font-semibold text-brand-900">Schedule a split</h2>
        <p className="text-sm text-slate-600">
          Holders get “new” shares for every “old” one from the start (UTC) of the effective date: 3-for-1 splits,
          1-for-10 is a reverse split. Stocks only.
        </p>
        <TextField
          label="Stock symbol"
          value={form.symbol}
          onChange={change('symbol')}
          required
          maxLength={20}
          autoCapitalize="characters"
          error={fieldError(error, 'symbol')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="New shares"
            inputMode="numeric"
            value={form.to}
            onChange={change('to')}
            required
            error={fieldError(error, 'to', 'ratio')}
          />
          <TextField
            label="For old shares"
            inputMode="numeric"
            value={form.from}
            onChange={change('from')}
            required
            error={fieldError(error, 'from')}
          />
        </div>
        <TextField
          label="Effective date"
          type="date"
          value={form.effective_on}
          onChange={change('effective_on')}
          required
          error={fieldError(error, 'effective_on')}
        />
        <MessageBanner
          error={formError ?? cancel.error?.message ?? null}
          success={schedule.isSuccess ? 'Split scheduled.' : cancel.isSuccess ? 'Split cancelled.' : null}
        />
        <Button type="submit" disabled={schedule.isPending} className="w-full">
          {schedule.isPending ? 'Scheduling…' : 'Schedule split'}
        </Button>
      </form>
      <section aria-labelledby="splits-heading" className="min-w-0 space-y-3">
        <h2 id="splits-heading" className="text-lg font-semibold text-brand-900">
          Splits
        </h2>
        {list}
      </section>
    </div>
  );
}

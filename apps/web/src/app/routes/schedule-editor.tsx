import { scheduleFrequencies, scheduleFrequencyLabels, type Schedule, type ScheduleFrequency } from '@itrust/contracts';
import { useState, type SyntheticEvent } from 'react';
import { AmountField } from '../../components/amount-field';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { ApiError } from '../../lib/api-client';
import { useChangeSchedule } from '../../lib/queries/schedules';

const frequencyOptions = scheduleFrequencies.map((value) => ({ value, label: scheduleFrequencyLabels[value] }));

/** Changes a plan's amount or how often it runs; a new frequency starts from its next date ahead. */
export function ScheduleEditor({ plan, onDone }: { plan: Schedule; onDone: () => void }) {
  const [amount, setAmount] = useState(plan.amount);
  const [frequency, setFrequency] = useState<ScheduleFrequency>(plan.frequency);
  const change = useChangeSchedule();
  const errors = change.error instanceof ApiError ? change.error.errors : {};
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    change.mutate(
      { id: plan.id, amount, ...(frequency === plan.frequency ? {} : { frequency }) },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2">
      <AmountField value={amount} onChange={setAmount} error={errors['amount']?.[0]} />
      <SelectField
        label="How often"
        options={frequencyOptions}
        value={frequency}
        onChange={(event) => setFrequency(event.target.value as ScheduleFrequency)}
        error={errors['frequency']?.[0]}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={change.isPending}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { scheduleFrequencies, scheduleFrequencyLabels, type ScheduleFrequency } from '@itrust/contracts';
import { ApiError } from '../lib/api-client';
import { localToday } from '../lib/queries/schedules';
import { SelectField } from './ui/select-field';
import { TextField } from './ui/text-field';

export type ScheduleTiming = { frequency: ScheduleFrequency | ''; startOn: string };

const frequencyOptions = scheduleFrequencies.map((value) => ({ value, label: scheduleFrequencyLabels[value] }));

/** How often a plan runs and its first date: the two fields every recurring plan form shares. */
export function ScheduleFields({
  value,
  onChange,
  errors = {},
}: {
  value: ScheduleTiming;
  onChange: (next: ScheduleTiming) => void;
  errors?: Record<string, string[]>;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <SelectField
        label="How often"
        placeholder="Choose how often"
        options={frequencyOptions}
        value={value.frequency}
        onChange={(event) => onChange({ ...value, frequency: event.target.value as ScheduleFrequency })}
        error={errors['frequency']?.[0]}
        required
      />
      <TextField
        label="First run"
        type="date"
        min={localToday()}
        value={value.startOn}
        onChange={(event) => onChange({ ...value, startOn: event.target.value })}
        error={errors['start_on']?.[0]}
        hint="Runs at 10:00 your time."
        required
      />
    </div>
  );
}

/** When a plan runs next, in the reader's own time; a slot just passed runs within the minute. */
export const nextRunText = (nextRunAt: string | null) => {
  if (!nextRunAt) return 'Paused';
  const next = new Date(nextRunAt);
  return next.getTime() <= Date.now()
    ? 'due now'
    : next.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** A refusal the form's own fields do not show (a 5xx, or a field it has not): for its banner. */
export function bannerError(error: Error | null, shownFields: string[]): string | null {
  if (!error) return null;
  const fields = error instanceof ApiError ? Object.keys(error.errors) : [];
  return fields.length > 0 && fields.every((field) => shownFields.includes(field)) ? null : error.message;
}

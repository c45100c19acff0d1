import { useState, type SyntheticEvent } from 'react';
import { AmountField } from '../../components/amount-field';
import { bannerError, nextRunText, ScheduleFields, type ScheduleTiming } from '../../components/schedule-fields';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MessageBanner } from '../../components/ui/message-banner';
import { SelectField } from '../../components/ui/select-field';
import { ApiError } from '../../lib/api-client';
import { localToday, useCreateSchedule } from '../../lib/queries/schedules';
import type { WalletKind } from '../../lib/queries/wallets';

export const walletNames: Record<WalletKind, string> = {
  cash: 'Cash',
  brokerage: 'Brokerage',
  auto: 'Automated investing',
};
const walletOptions = (Object.keys(walletNames) as WalletKind[]).map((value) => ({ value, label: walletNames[value] }));

/** Moves a fixed amount between two of the user's wallets on a schedule, e.g. cash into automated investing monthly. */
export function TransferPlanForm() {
  const [from, setFrom] = useState<WalletKind | ''>('cash');
  const [to, setTo] = useState<WalletKind | ''>('auto');
  const [amount, setAmount] = useState('');
  const [timing, setTiming] = useState<ScheduleTiming>({ frequency: 'monthly', startOn: localToday() });
  const create = useCreateSchedule();
  const errors = create.error instanceof ApiError ? create.error.errors : {};
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!from || !to || !timing.frequency) return;
    create.mutate(
      { kind: 'transfer', from, to, amount, frequency: timing.frequency, startOn: timing.startOn },
      { onSuccess: () => setAmount('') },
    );
  };
  const started = create.data?.data.schedule;
  return (
    <Card title="Schedule a transfer">
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <div className="grid grid-cols-1 gap-3">
          <SelectField
            label="From"
            options={walletOptions}
            value={from}
            onChange={(event) => setFrom(event.target.value as WalletKind)}
            error={errors['from']?.[0]}
          />
          <SelectField
            label="To"
            options={walletOptions}
            value={to}
            onChange={(event) => setTo(event.target.value as WalletKind)}
            error={errors['to']?.[0]}
          />
        </div>
        <AmountField value={amount} onChange={setAmount} error={errors['amount']?.[0]} />
        <ScheduleFields value={timing} onChange={setTiming} errors={errors} />
        <MessageBanner
          error={bannerError(create.error, ['from', 'to', 'amount', 'frequency', 'start_on'])}
          success={started ? `Transfer scheduled. First run: ${nextRunText(started.next_run_at)}.` : null}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Scheduling…' : 'Schedule transfer'}
        </Button>
      </form>
    </Card>
  );
}

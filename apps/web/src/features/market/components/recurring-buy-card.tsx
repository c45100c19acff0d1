import type { Asset } from '@itrust/contracts';
import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { bannerError, nextRunText, ScheduleFields, type ScheduleTiming } from '../../../components/schedule-fields';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { ApiError } from '../../../lib/api-client';
import { localToday, useCreateSchedule } from '../../../lib/queries/schedules';

/** Buys the asset for a fixed amount on a schedule, from the brokerage wallet. */
export function RecurringBuyCard({ asset }: { asset: Pick<Asset, 'id' | 'symbol'> }) {
  const [amount, setAmount] = useState('');
  const [timing, setTiming] = useState<ScheduleTiming>({ frequency: 'weekly', startOn: localToday() });
  const create = useCreateSchedule();
  const errors = create.error instanceof ApiError ? create.error.errors : {};

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!timing.frequency) return;
    create.mutate(
      { kind: 'buy', assetId: asset.id, amount, frequency: timing.frequency, startOn: timing.startOn },
      { onSuccess: () => setAmount('') },
    );
  };

  const started = create.data?.data.schedule;
  return (
    <Card title="Buy regularly">
      <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-600">
          Buy {asset.symbol} for the same amount each time, from your brokerage wallet, at the price then.
        </p>
        <AmountField value={amount} onChange={setAmount} error={errors['amount']?.[0]} required />
        <ScheduleFields value={timing} onChange={setTiming} errors={errors} />
        <MessageBanner
          error={bannerError(create.error, ['amount', 'frequency', 'start_on'])}
          success={started ? `Recurring buy started. First run: ${nextRunText(started.next_run_at)}.` : null}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Starting…' : 'Start recurring buy'}
          </Button>
          <Link to="/recurring" className="text-sm font-semibold text-brand-700 underline">
            Your recurring plans
          </Link>
        </div>
      </form>
    </Card>
  );
}

import { scheduleFrequencyLabels, scheduleSkipLabels, type Schedule } from '@itrust/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { nextRunText } from '../../components/schedule-fields';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MessageBanner } from '../../components/ui/message-banner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useMoney } from '../../lib/use-money';
import { useChangeSchedule, useDeleteSchedule, useSchedules } from '../../lib/queries/schedules';
import { ScheduleEditor } from './schedule-editor';
import { TransferPlanForm, walletNames } from './transfer-plan-form';

const planTitle = (plan: Schedule) =>
  plan.asset
    ? `Buy ${plan.asset.symbol}`
    : `Transfer ${walletNames[plan.from_wallet ?? 'cash']} → ${walletNames[plan.to_wallet ?? 'cash']}`;

/** One plan: what it does, when it runs next, its latest runs, and its controls. */
function PlanItem({ plan }: { plan: Schedule }) {
  const { settlement } = useMoney();
  const change = useChangeSchedule();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const paused = plan.status === 'paused';
  const failure = change.error ?? remove.error;
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{planTitle(plan)}</h3>
          <p className="text-sm text-slate-700">
            {settlement.sign}
            {plan.amount} · {scheduleFrequencyLabels[plan.frequency]}
          </p>
          <p className="text-sm text-slate-600">
            {paused ? (
              <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Paused</span>
            ) : (
              <>Next run: {nextRunText(plan.next_run_at)}</>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ id: plan.id, paused: !paused })}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            Edit
          </Button>
          {confirming ? (
            <Button variant="primary" disabled={remove.isPending} onClick={() => remove.mutate(plan.id)}>
              Confirm delete
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>
      {editing && <ScheduleEditor plan={plan} onDone={() => setEditing(false)} />}
      <MessageBanner error={failure?.message ?? null} />
      {plan.runs.length > 0 && (
        <ul aria-label={`Latest runs of ${planTitle(plan)}`} className="space-y-1 text-sm">
          {plan.runs.map((run) => (
            <li key={run.slot} className="flex flex-wrap gap-x-2">
              <span className="tabular-nums text-slate-600">{run.slot}</span>
              {run.outcome === 'done' ? (
                <span className="text-emerald-800">Ran</span>
              ) : (
                <span className="text-red-800">Skipped: {scheduleSkipLabels[run.reason ?? 'missed']}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every recurring buy and scheduled transfer, with a form to schedule a transfer. */
export function RecurringRoute() {
  useDocumentTitle('Recurring plans');
  const plans = useSchedules();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-brand-900">Recurring plans</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <Card title="Your plans" busy={plans.isFetching}>
          {plans.isPending && <p className="mt-3 text-slate-600">Loading your plans…</p>}
          {plans.isError && <MessageBanner error={plans.error.message} />}
          {plans.data?.length === 0 && (
            <p className="mt-3 text-slate-600">
              No recurring plans yet. Start a recurring buy from an asset’s screen in the{' '}
              <Link to="/market" className="font-semibold text-brand-700 underline">
                market
              </Link>
              , or schedule a transfer here.
            </p>
          )}
          {plans.data && plans.data.length > 0 && (
            <ul className="divide-y divide-slate-200">
              {plans.data.map((plan) => (
                <PlanItem key={plan.id} plan={plan} />
              ))}
            </ul>
          )}
        </Card>
        <TransferPlanForm />
      </div>
    </div>
  );
}

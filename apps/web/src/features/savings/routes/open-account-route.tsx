import type { SavingsOffering } from '@itrust/contracts';
import {
  savingsGoalNames,
  savingsHorizonNames,
  type SavingsGoal,
  type SavingsHorizon,
} from '@itrust/contracts/savings-rules';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SelectField } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { timing, wait } from '../../../lib/timing';
import { useMySavings, useOfferings, useOpenSavings } from '../api/savings';
import { useMoney } from '../../../lib/use-money';
import { RichNote } from '../components/rich-note';

const options = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));

/** /openaccount: two questions, the matching products, and 'create account'; then on to /savings. */
export function OpenAccountRoute() {
  useDocumentTitle('Open a savings account');
  const [goal, setGoal] = useState<SavingsGoal>('Everything');
  const [horizon, setHorizon] = useState<SavingsHorizon>('No preference');
  const offerings = useOfferings(goal, horizon);
  const mine = useMySavings();
  const opened = new Set(mine.data?.map((account) => account.savings_account_id));

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to="/savings" className="text-sm font-semibold text-brand-700">
        ← Back to savings
      </Link>
      <h1 className="text-2xl font-bold text-brand-900">Open a savings account</h1>
      <form
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="What are you saving for?"
          options={options(savingsGoalNames)}
          placeholder="Choose a goal"
          value={goal}
          onChange={(event) => setGoal((event.target.value || 'Everything') as SavingsGoal)}
        />
        <SelectField
          label="When might you need the money?"
          options={options(savingsHorizonNames)}
          placeholder="Choose when"
          value={horizon}
          onChange={(event) => setHorizon((event.target.value || 'No preference') as SavingsHorizon)}
        />
      </form>
      <section aria-labelledby="matching-heading" aria-busy={offerings.isFetching}>
        <h2 id="matching-heading" className="sr-only">
          Matching accounts
        </h2>
        {offerings.isPending && <p className="text-slate-600">Loading accounts…</p>}
        {offerings.isError && <MessageBanner error={offerings.error.message} />}
        {offerings.data?.length === 0 && (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            No accounts available based on your selection.
          </p>
        )}
        <ul className="grid gap-4 md:grid-cols-2">
          {offerings.data?.map((offering) => (
            <OfferingCard key={offering.id} offering={offering} opened={opened.has(offering.id)} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function OfferingCard({ offering, opened }: { offering: SavingsOffering; opened: boolean }) {
  const { money } = useMoney();
  const open = useOpenSavings();
  const navigate = useNavigate();
  const error = useFlash();
  const [done, setDone] = useState(false);

  const create = async () => {
    try {
      await open.mutateAsync(offering.id);
      setDone(true);
      await wait(timing.messageMs);
      void navigate('/savings');
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
    }
  };

  return (
    <li
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="offering-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold text-brand-900">{offering.name}</h3>
          <p className="text-sm text-slate-600">{offering.title}</p>
        </div>
        <p className="shrink-0 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
          {offering.annual_rate_percentage}% a year
        </p>
      </div>
      <div className="mt-3 flex-1">
        <RichNote html={offering.note} />
      </div>
      <p className="mt-3 text-xs text-slate-600">
        {offering.annual_limit
          ? `Up to ${money(offering.annual_limit)} in contributions a year.`
          : 'No yearly contribution limit.'}
      </p>
      <div className="mt-4 space-y-2">
        <MessageBanner
          error={error.message}
          success={done ? `Your ${offering.name} account is open.` : open.isPending ? 'Creating account...' : null}
        />
        <Button
          className="w-full"
          disabled={opened || open.isPending || done}
          onClick={() => void create()}
          aria-label={opened || done ? `${offering.name} account open` : `create account for ${offering.name}`}
        >
          {opened || done ? 'account open' : 'create account'}
        </Button>
      </div>
    </li>
  );
}

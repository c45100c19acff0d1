import type { AutoModelSummary, AutoOverview } from '@itrust/contracts';
import type { AutoModel } from '@itrust/contracts/auto-models';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Fact } from '../../../components/ui/fact';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Modal } from '../../../components/ui/modal';
import { TableHead } from '../../../components/ui/table-head';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { useMoney } from '../../../lib/use-money';
import { useAuto, useChangeModel } from '../api/auto';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** /auto: the automated-investing wallet's model, its targets against what is held, and the choice of model. */
export function AutoRoute() {
  useDocumentTitle('Automated investing');
  const auto = useAuto();
  return (
    <div className="space-y-6">
      <Link to="/portfolio#account" className="text-sm font-semibold text-brand-700">
        ← Back to your portfolio
      </Link>
      <h1 className="text-2xl font-bold text-brand-900">Automated investing</h1>
      <p className="max-w-3xl text-slate-700">
        Money you move into this wallet is invested for you in the model you choose, and rebalanced when prices move a
        holding away from its target. Money you move out sells a little of every holding first.
      </p>
      {auto.isPending && <p className="text-slate-600">Loading your automated investing…</p>}
      {auto.isError && <MessageBanner error={auto.error.message} />}
      {auto.data && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <Weights overview={auto.data.auto} models={auto.data.models} />
          </div>
          <ModelChooser current={auto.data.auto.model} models={auto.data.models} />
        </div>
      )}
    </div>
  );
}

function Weights({ overview, models }: { overview: AutoOverview; models: AutoModelSummary[] }) {
  const { money } = useMoney();
  const model = models.find((candidate) => candidate.id === overview.model);
  return (
    <Card
      title={`${model?.name ?? overview.model} model`}
      action={
        <Link
          to="/transfer"
          className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Move money
        </Link>
      }
    >
      <p className="text-sm text-slate-600">{model?.description}</p>
      <dl className="mt-4 grid grid-cols-3 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
        <Fact label="Total" testId="auto-total">
          {money(overview.total)}
        </Fact>
        <Fact label="Cash waiting">{money(overview.cash)}</Fact>
        <Fact label="Last rebalance">
          {overview.last_rebalanced_at ? when(overview.last_rebalanced_at) : 'Not yet'}
        </Fact>
      </dl>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="auto-weights">
          <TableHead columns={['Asset', 'Target', 'Now', 'Value']} />
          <tbody className="divide-y divide-slate-100">
            {overview.holdings.map((holding) => (
              <tr key={holding.symbol} data-testid="auto-holding">
                <td className="py-2 font-medium text-slate-900">{holding.symbol}</td>
                <td className="tabular-nums">{holding.target}%</td>
                <td className="w-1/3 pr-3">
                  <span className="tabular-nums">{holding.weight}%</span>
                  <span className="mt-1 block h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                    <span
                      className="block h-1.5 rounded-full bg-brand-600"
                      style={{ width: `${Math.min(100, Number(holding.weight) * 4)}%` }}
                    />
                  </span>
                </td>
                <td className="tabular-nums">{money(holding.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function ModelChooser({ current, models }: { current: AutoModel; models: AutoModelSummary[] }) {
  const [chosen, setChosen] = useState<AutoModel>(current);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeModel();
  const message = useFlash();
  const error = useFlash();
  const target = models.find((model) => model.id === chosen);

  const confirm = async () => {
    try {
      message.show((await change.mutateAsync(chosen)).message);
      setConfirming(false);
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
    }
  };

  return (
    <Card title="Choose a model">
      <fieldset className="mt-3 space-y-3">
        <legend className="sr-only">Model portfolio</legend>
        {models.map((model) => (
          <label
            key={model.id}
            className={`block cursor-pointer rounded-xl border p-3 ${chosen === model.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
          >
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <input
                type="radio"
                name="auto-model"
                value={model.id}
                checked={chosen === model.id}
                onChange={() => setChosen(model.id)}
                className="accent-brand-700"
              />
              {model.name}
              {model.id === current && <span className="text-xs font-normal text-slate-600">(current)</span>}
            </span>
            <span className="mt-1 block text-xs text-slate-700">{model.description}</span>
            <span className="mt-1 block text-xs text-slate-600">
              {model.weights.map((weight) => `${weight.symbol} ${weight.weight}%`).join(' · ')}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-3">
        <MessageBanner error={error.message} success={message.message} />
      </div>
      <Button className="mt-3 w-full" disabled={chosen === current} onClick={() => setConfirming(true)}>
        Change model
      </Button>
      {confirming && target && (
        <Modal title="Change your model?" onClose={() => setConfirming(false)}>
          <p className="text-slate-800">
            Switch to the {target.name} model? The next run sells what the new model does not hold and buys what it
            does, at the prices of that moment.
          </p>
          <div className="mt-6 flex gap-3">
            <Button variant="secondary" className="flex-1" onClick={() => setConfirming(false)}>
              Close
            </Button>
            <Button className="flex-1" disabled={change.isPending} onClick={() => void confirm()}>
              Confirm
            </Button>
          </div>
        </Modal>
      )}
    </Card>
  );
}
